import { z } from 'zod';

export const PRIORITIES = ['low', 'medium', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const TODO_LIMITS = { titleMax: 200, descriptionMax: 2000 } as const;

/** A calendar date, YYYY-MM-DD, that exists. */
export const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Please enter a valid date', abort: true })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Please enter a valid date');

/** A reminder time on the 24-hour clock, HH:MM. */
export const reminderTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please enter a valid time in HH:MM format');

const todoFields = {
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(TODO_LIMITS.titleMax, `Title must be at most ${TODO_LIMITS.titleMax} characters`),
  description: z
    .string()
    .trim()
    .max(
      TODO_LIMITS.descriptionMax,
      `Description must be at most ${TODO_LIMITS.descriptionMax} characters`,
    ),
  priority: z.enum(PRIORITIES),
  dueDate: dateSchema.nullable(),
  reminderTime: reminderTimeSchema.nullable(),
};

/** A new todo: title required and trimmed, priority medium by default. */
export const todoCreateSchema = z.object({
  ...todoFields,
  description: todoFields.description.default(''),
  priority: todoFields.priority.default('medium'),
  dueDate: todoFields.dueDate.default(null),
  reminderTime: todoFields.reminderTime.default(null),
});

/** A change to a todo: any of its fields, and completed to toggle it. */
export const todoUpdateSchema = z
  .object({ ...todoFields, completed: z.boolean() })
  .partial()
  .refine((update) => Object.keys(update).length > 0, 'Nothing to change');

export type TodoCreate = z.input<typeof todoCreateSchema>;
export type TodoUpdate = z.infer<typeof todoUpdateSchema>;

export const TODO_STATUSES = ['all', 'pending', 'completed'] as const;
export const DUE_FILTERS = ['any', 'overdue', 'today', 'week', 'none'] as const;
/** Newest first; soonest due first (no due date last); highest priority first. Each then newest. */
export const TODO_SORTS = ['created', 'due', 'priority'] as const;

/** The list's filters (docs/product/todos.md; the due-date filter is ours, see issue 5). */
export const todoListQuerySchema = z.object({
  status: z.enum(TODO_STATUSES).default('all'),
  priority: z.enum(PRIORITIES).optional(),
  due: z.enum(DUE_FILTERS).default('any'),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(TODO_SORTS).default('created'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TodoListQuery = z.input<typeof todoListQuerySchema>;

/** A todo as the API answers it; timestamps are ISO 8601 instants. */
export const todoSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    priority: z.enum(PRIORITIES),
    dueDate: z.string().nullable(),
    reminderTime: z.string().nullable(),
    completed: z.boolean(),
    completedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Todo' });
export type Todo = z.infer<typeof todoSchema>;

/**
 * One page of a todo list, newest first, and how many match the filters in all; for a search
 * with more than SEARCH_COUNT_LIMIT matches, `total` is that limit and `totalIsLowerBound` true.
 */
export const todoPageSchema = z.object({
  items: z.array(todoSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  totalIsLowerBound: z.boolean(),
});
export type TodoPage = z.infer<typeof todoPageSchema>;

export const todoStatsSchema = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  pending: z.number().int(),
  /** Percent, rounded (Completion Rate). */
  completionRate: z.number(),
});
export type TodoStats = z.infer<typeof todoStatsSchema>;
