import { MESSAGES, PRIORITIES } from '@daywise/shared';
import { type Plan, type PlanInput, planSchema, type Priority } from '@daywise/shared/schemas';
import { z } from 'zod';

import { dayBounds } from './plan-day';

export interface TaskValues {
  id?: string | undefined;
  title: string;
  description: string;
  priority: Priority;
  /** '' for no tag. */
  tag: string;
  /** '' for no reminder. */
  reminderTime: string;
}

/**
 * The form's values ('' for "none"), turned into the API's shape and checked by the shared schema.
 * A new plan's day is today or later, within a year; an edited plan keeps its day and sends none.
 */
export const planFormSchema = (today: string, creating: boolean) => {
  const { last } = dayBounds(today);
  const planDate = creating
    ? z
        .string()
        .min(1, 'Please enter a valid date')
        .refine((day) => day >= today, MESSAGES.planDayPast)
        .refine((day) => day <= last, MESSAGES.planDayOutOfReach)
    : z.literal('');
  return z
    .object({
      title: z.string(),
      description: z.string(),
      planDate,
      tasks: z.array(
        z.object({
          id: z.string().optional(),
          title: z.string(),
          description: z.string(),
          priority: z.enum(PRIORITIES),
          tag: z.string(),
          reminderTime: z.string(),
        }),
      ),
    })
    .transform((values): PlanInput => ({
      title: values.title,
      description: values.description,
      ...(values.planDate ? { planDate: values.planDate } : {}),
      tasks: values.tasks.map((task) => ({
        ...task,
        tag: task.tag || null,
        reminderTime: task.reminderTime || null,
      })),
    }))
    .pipe(planSchema);
};

export type PlanFormValues = z.input<ReturnType<typeof planFormSchema>>;

export const BLANK_TASK: TaskValues = {
  title: '',
  description: '',
  priority: 'medium',
  tag: '',
  reminderTime: '',
};

export function initialValues(plan: Plan | null, day: string): PlanFormValues {
  return {
    title: plan?.title ?? '',
    description: plan?.description ?? '',
    planDate: plan ? '' : day,
    tasks:
      plan?.tasks.map((task) => ({
        id: task.id,
        title: task.title,
        description: task.description,
        priority: task.priority,
        tag: task.tag ?? '',
        reminderTime: task.reminderTime ?? '',
      })) ?? [],
  };
}
