import { z } from 'zod';

import { ANALYTICS_RANGES, CHART_PERIODS } from '../constants';
import { completionFields, planTaskResponseSchema, tagStatSchema } from './plans';

/** Analytics ranges and the performance list. */
export const PERFORMANCE_DAYS = 7;
export const STREAK_LIST_SIZE = 5;

export const rangeQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((days) => (ANALYTICS_RANGES as readonly number[]).includes(days), 'Unknown range')
    .default(7),
});

/** A day of the Daily Completions tab. */
export const completionDaySchema = z
  .object({
    ...completionFields,
    planId: z.string(),
    title: z.string(),
    tasks: z.array(
      planTaskResponseSchema.pick({
        id: true,
        title: true,
        completed: true,
        tag: true,
        tagColor: true,
        priority: true,
      }),
    ),
  })
  .meta({ id: 'CompletionDay' });
export type CompletionDay = z.infer<typeof completionDaySchema>;

/** The Daily Completions tab: the range's days with a plan. */
export const completionDaysSchema = z.object({ days: z.array(completionDaySchema) });

/** User stats (computed). */
export const userStatsSchema = z
  .object({
    totalPlans: z.number(),
    totalTasks: z.number(),
    completedTasks: z.number(),
    overallCompletionRate: z.number(),
    currentStreak: z.number(),
    averageTasksPerDay: z.number(),
  })
  .meta({ id: 'UserStats' });
export type UserStats = z.infer<typeof userStatsSchema>;

/** Chart data. */
export const chartDataSchema = z
  .object({
    labels: z.array(z.string()),
    datasets: z.array(z.object({ label: z.string(), data: z.array(z.number()) })),
  })
  .meta({ id: 'ChartData' });
export type ChartData = z.infer<typeof chartDataSchema>;

/** The Analytics modal of Daily Goals. */
export const planAnalyticsSchema = z
  .object({
    stats: userStatsSchema,
    /** Completion percentage per day of the range, oldest first (days without a plan are 0). */
    trend: chartDataSchema,
    /** Tasks per tag over the range. */
    categories: z.array(tagStatSchema),
    /** The last 7 days, newest first (days without a plan are left out). */
    recent: z.array(
      z.object({
        date: z.string(),
        completedTasks: z.number(),
        totalTasks: z.number(),
        percentage: z.number(),
      }),
    ),
  })
  .meta({ id: 'PlanAnalytics' });
export type PlanAnalytics = z.infer<typeof planAnalyticsSchema>;

/** Streak item. */
export const streakItemSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    totalCompletions: z.number(),
    streak: z.number(),
    lastCompletedDate: z.string(),
  })
  .meta({ id: 'StreakItem' });
export type StreakItem = z.infer<typeof streakItemSchema>;

/** A habit in the Daily Streaks card: a repeating todo and its streak (see habitSchema). */
export const habitItemSchema = z
  .object({
    todoId: z.string(),
    title: z.string(),
    streak: z.number().int(),
    best: z.number().int(),
    freezes: z.number().int(),
  })
  .meta({ id: 'HabitItem' });
export type HabitItem = z.infer<typeof habitItemSchema>;

export type ChartPeriod = (typeof CHART_PERIODS)[number];
export const chartQuerySchema = z.object({ period: z.enum(CHART_PERIODS).default('week') });

const progressSchema = z.object({
  completed: z.number(),
  total: z.number(),
  percentage: z.number(),
});

/** The dashboard overview. */
export const dashboardSummarySchema = z
  .object({
    today: progressSchema,
    week: z.object({ completed: z.number() }),
    month: z.object({ completed: z.number() }),
    dailyTodos: progressSchema,
    /** Unfinished todos due today, and those whose due date has passed (the Due Today card). */
    dueToday: z.object({ dueToday: z.number(), overdue: z.number() }),
    currentStreak: z.number(),
    streaks: z.array(streakItemSchema),
    /** Repeating todos (habits) with a streak, longest first, at most STREAK_LIST_SIZE. */
    habits: z.array(habitItemSchema),
  })
  .meta({ id: 'DashboardSummary' });
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
