import { z } from 'zod';

import { DEFAULT_TAG_COLOR, PRIORITIES } from '../constants';
import { MESSAGES } from '../messages';
import { blockProblem } from '../time-blocks';
import { blockMinutesSchema, blockStartSchema, dateSchema, reminderTimeSchema } from './todos';

export const PLAN_LIMITS = {
  titleMax: 200,
  descriptionMax: 2000,
  tasksMax: 50,
  tagNameMax: 40,
} as const;

/** A colour, #RRGGBB, kept in capitals. */
export const hexColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Please choose a colour like #3B82F6')
  .transform((value) => value.toUpperCase());

/** A tag: name required and trimmed; colour #3B82F6 unless chosen. */
export const tagSchema = z.object({
  name: z
    .string({ error: 'Tag name is required' })
    .trim()
    .min(1, 'Tag name is required')
    .max(PLAN_LIMITS.tagNameMax, `Tag name must be at most ${PLAN_LIMITS.tagNameMax} characters`),
  color: hexColor.default(DEFAULT_TAG_COLOR),
});
export const tagUpdateSchema = tagSchema.partial();
export type TagInput = z.input<typeof tagSchema>;

/** A tag as the API answers it. */
export const tagResponseSchema = z
  .object({ id: z.string(), name: z.string(), color: z.string(), createdAt: z.string() })
  .meta({ id: 'Tag' });
export type Tag = z.infer<typeof tagResponseSchema>;

/** A task as the plan form sends it; `id` names an existing task when a plan is edited. */
export const planTaskSchema = z
  .object({
    id: z.string().max(100).optional(),
    title: z
      .string({ error: MESSAGES.taskTitleRequired })
      .trim()
      .min(1, MESSAGES.taskTitleRequired)
      .max(PLAN_LIMITS.titleMax, `Task title must be at most ${PLAN_LIMITS.titleMax} characters`),
    description: z.string().trim().max(PLAN_LIMITS.descriptionMax).default(''),
    priority: z.enum(PRIORITIES).default('medium'),
    /** A tag's name, or null; the server copies the tag's colour onto the task. */
    tag: z.string().trim().max(PLAN_LIMITS.tagNameMax).nullable().default(null),
    reminderTime: reminderTimeSchema.nullable().default(null),
    /**
     * Its time block on the plan's day (ADR 0031, Time blocks): a start and a length, sent together;
     * left out, an edited task keeps its block.
     */
    blockStart: blockStartSchema.nullable().optional(),
    blockMinutes: blockMinutesSchema.nullable().optional(),
  })
  .superRefine((task, context) => {
    if (task.blockStart === undefined && task.blockMinutes === undefined) {
      return;
    }
    const problem = blockProblem(task.blockStart ?? null, task.blockMinutes ?? null);
    if (problem) {
      context.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
    }
  });

/** Daily plan: 'Plan title is required'; 'At least one task is required'. */
export const planSchema = z.object({
  title: z
    .string({ error: MESSAGES.planTitleRequired })
    .trim()
    .min(1, MESSAGES.planTitleRequired)
    .max(PLAN_LIMITS.titleMax, `Plan title must be at most ${PLAN_LIMITS.titleMax} characters`),
  description: z.string().trim().max(PLAN_LIMITS.descriptionMax).default(''),
  /** Defaults to today in the user's time zone. */
  planDate: dateSchema.optional(),
  tasks: z
    .array(planTaskSchema)
    .min(1, MESSAGES.planNeedsTask)
    .max(PLAN_LIMITS.tasksMax, `A plan can have at most ${PLAN_LIMITS.tasksMax} tasks`),
});
export type PlanInput = z.input<typeof planSchema>;

/**
 * One change to a task from Today's Goals: tick it, set or remove its reminder, or give, move,
 * resize or clear its time block (null in either clears the block).
 */
export const planTaskUpdateSchema = z
  .object({
    completed: z.boolean(),
    reminderTime: reminderTimeSchema.nullable(),
    blockStart: blockStartSchema.nullable(),
    blockMinutes: blockMinutesSchema.nullable(),
  })
  .partial()
  .refine((update) => Object.keys(update).length > 0, 'Nothing to change');
export type PlanTaskUpdate = z.infer<typeof planTaskUpdateSchema>;

/** A task of a plan as the API answers it. */
export const planTaskResponseSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    priority: z.enum(PRIORITIES),
    tag: z.string().nullable(),
    tagColor: z.string().nullable(),
    reminderTime: z.string().nullable(),
    completed: z.boolean(),
    completedAt: z.string().nullable(),
    createdAt: z.string(),
    /** Its time block on the plan's day: start HH:MM and length in minutes, or nulls. */
    blockStart: z.string().nullable(),
    blockMinutes: z.number().int().nullable(),
    /** The minutes of its focus sessions (ADR 0032). */
    focusMinutes: z.number().int(),
  })
  .meta({ id: 'PlanTask' });
export type PlanTask = z.infer<typeof planTaskResponseSchema>;

/** Per-tag progress of one day (completion record, docs/product/daily-goals.md). */
export const tagStatSchema = z
  .object({
    tag: z.string(),
    color: z.string(),
    total: z.number(),
    completed: z.number(),
    percentage: z.number(),
  })
  .meta({ id: 'TagStat' });
export type TagStat = z.infer<typeof tagStatSchema>;

/** The fields of a completion record, shared by the Daily Completions days. */
export const completionFields = {
  date: z.string(),
  totalTasks: z.number(),
  completedTasks: z.number(),
  completionPercentage: z.number(),
  tagStats: z.array(tagStatSchema),
};

/** The day's completion record, kept by the server with every task change. */
export const completionSchema = z.object(completionFields).meta({ id: 'Completion' });
export type Completion = z.infer<typeof completionSchema>;

/** A daily plan with its tasks in order and its completion record. */
export const planResponseSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    planDate: z.string(),
    tasks: z.array(planTaskResponseSchema),
    completion: completionSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof planResponseSchema>;

/** Today's plan, or null before one is made. */
export const todayPlanSchema = z.object({ plan: planResponseSchema.nullable() });
export type TodayPlan = z.infer<typeof todayPlanSchema>;

/** The user's tags, ordered by name. */
export const tagListSchema = z.array(tagResponseSchema);
