import { z } from 'zod';

import { MESSAGES } from '../messages';
import { dateSchema, PRIORITIES, type Priority, reminderTimeSchema } from './todos';

/** The preset tag colours, the default and the fallback. */
export const TAG_COLORS = [
  '#3B82F6',
  '#EF4444',
  '#10B981',
  '#F59E0B',
  '#8B5CF6',
  '#EC4899',
  '#06B6D4',
  '#84CC16',
  '#F97316',
  '#6B7280',
] as const;
export const DEFAULT_TAG_COLOR = '#3B82F6';
export const FALLBACK_TAG_COLOR = '#6B7280';

export const PLAN_LIMITS = {
  titleMax: 200,
  descriptionMax: 2000,
  tasksMax: 50,
  tagNameMax: 40,
} as const;

const hexColor = z
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

export interface Tag {
  id: string;
  name: string;
  color: string;
  createdAt: string;
}

/** A task as the plan form sends it; `id` names an existing task when a plan is edited. */
export const planTaskSchema = z.object({
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

/** One change to a task from Today's Goals: tick it, or set or remove its reminder. */
export const planTaskUpdateSchema = z
  .object({ completed: z.boolean(), reminderTime: reminderTimeSchema.nullable() })
  .partial()
  .refine((update) => Object.keys(update).length > 0, 'Nothing to change');
export type PlanTaskUpdate = z.infer<typeof planTaskUpdateSchema>;

export interface PlanTask {
  id: string;
  title: string;
  description: string;
  priority: Priority;
  tag: string | null;
  tagColor: string | null;
  reminderTime: string | null;
  completed: boolean;
  completedAt: string | null;
  createdAt: string;
}

/** Per-tag progress of one day (completion record, docs/product/daily-goals.md). */
export interface TagStat {
  tag: string;
  color: string;
  total: number;
  completed: number;
  percentage: number;
}

/** The day's completion record, kept by the server with every task change. */
export interface Completion {
  date: string;
  totalTasks: number;
  completedTasks: number;
  completionPercentage: number;
  tagStats: TagStat[];
}

export interface Plan {
  id: string;
  title: string;
  description: string;
  planDate: string;
  tasks: PlanTask[];
  completion: Completion;
  createdAt: string;
  updatedAt: string;
}

/** Analytics ranges and the performance list. */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export const PERFORMANCE_DAYS = 7;
export const PERFORMANCE_THRESHOLDS = { good: 80, fair: 50 } as const;
export const STREAK_LIST_SIZE = 5;

export const rangeQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((days) => (ANALYTICS_RANGES as readonly number[]).includes(days), 'Unknown range')
    .default(7),
});

/** A day of the Daily Completions tab. */
export interface CompletionDay extends Completion {
  planId: string;
  title: string;
  tasks: Pick<PlanTask, 'id' | 'title' | 'completed' | 'tag' | 'tagColor' | 'priority'>[];
}

/** User stats (computed). */
export interface UserStats {
  totalPlans: number;
  totalTasks: number;
  completedTasks: number;
  overallCompletionRate: number;
  currentStreak: number;
  averageTasksPerDay: number;
}

/** Chart data. */
export interface ChartData {
  labels: string[];
  datasets: { label: string; data: number[] }[];
}

/** The Analytics modal of Daily Goals. */
export interface PlanAnalytics {
  stats: UserStats;
  /** Completion percentage per day of the range, oldest first (days without a plan are 0). */
  trend: ChartData;
  /** Tasks per tag over the range. */
  categories: TagStat[];
  /** The last 7 days, newest first (days without a plan are left out). */
  recent: { date: string; completedTasks: number; totalTasks: number; percentage: number }[];
}

/** Streak item. */
export interface StreakItem {
  id: string;
  title: string;
  totalCompletions: number;
  streak: number;
  lastCompletedDate: string;
}

export const CHART_PERIODS = ['week', 'month', 'year'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];
export const chartQuerySchema = z.object({ period: z.enum(CHART_PERIODS).default('week') });

/** The dashboard overview. */
export interface DashboardSummary {
  today: { completed: number; total: number; percentage: number };
  week: { completed: number };
  month: { completed: number };
  dailyTodos: { completed: number; total: number; percentage: number };
  currentStreak: number;
  streaks: StreakItem[];
}
