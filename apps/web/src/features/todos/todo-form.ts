import {
  BLOCK_MESSAGES,
  BLOCK_MINUTES_MIN,
  blockProblem,
  MESSAGES,
  PRIORITIES,
  type TodoReminder,
} from '@daywise/shared';
import {
  REMINDER_MESSAGES,
  type Repeat,
  type Todo,
  type TodoCreate,
  todoCreateSchema,
} from '@daywise/shared/schemas';
import { z } from 'zod';

import { buildRepeat, choiceFromRepeat, type RepeatChoice } from './repeat-choice';

/**
 * The form's own values (its repeat as the repeat field's choice), turned into the API's shape and then checked by the same shared schema the server uses. The Due Date picker starts at
 * `today`, and a typed date says the same: a date before today is refused, except `savedDueDate`,
 * the one an overdue todo already has, which it keeps (docs/product/todos.md).
 */
export const todoFormSchema = (today: string, savedDueDate: string | null = null) =>
  z
    .object({
      title: z.string(),
      description: z.string(),
      priority: z.enum(PRIORITIES),
      dueDate: z.string(),
      dueTime: z.string(),
      reminders: z.array(z.custom<TodoReminder>()),
      tagIds: z.array(z.string()),
      /** The list's id, or '' for the Inbox. */
      listId: z.string(),
      repeat: z.custom<RepeatChoice>(),
      /** Its time block (ADR 0031): a day, a start and a length in minutes, or all three blank. */
      blockDate: z.string(),
      blockStart: z.string(),
      blockMinutes: z.string(),
      /** Whole minutes, or '' for no estimate (ADR 0032); the shared schema checks the range. */
      estimateMinutes: z.string(),
    })
    .superRefine((values, context) => {
      const block = blockIssue(values);
      if (block) {
        context.addIssue({ code: 'custom', path: [block.field], message: block.message });
      }
      if (values.dueDate && values.dueDate < today && values.dueDate !== savedDueDate) {
        context.addIssue({ code: 'custom', path: ['dueDate'], message: MESSAGES.dueDatePast });
        return;
      }
      if (values.dueTime && !values.dueDate) {
        context.addIssue({
          code: 'custom',
          path: ['dueTime'],
          message: REMINDER_MESSAGES.dueTimeNeedsDueDate,
        });
      }
      const counted = values.reminders.some((reminder) => 'before' in reminder);
      if (counted && (!values.dueDate || !values.dueTime)) {
        context.addIssue({
          code: 'custom',
          path: ['reminders'],
          message: REMINDER_MESSAGES.beforeNeedsDueTime,
        });
      }
      if (values.repeat.preset === 'none') {
        return;
      }
      // A repeating todo's series starts on its due date (docs/product/todos.md).
      if (!values.dueDate) {
        context.addIssue({
          code: 'custom',
          path: ['dueDate'],
          message: MESSAGES.repeatNeedsDueDate,
        });
        return;
      }
      const built = buildRepeat(values.repeat, values.dueDate);
      if (built.error !== undefined) {
        context.addIssue({ code: 'custom', path: ['repeat'], message: built.error });
      }
    })
    .transform(({ repeat, blockDate, blockStart, blockMinutes, ...values }): TodoCreate => ({
      ...values,
      ...(blockDate || blockStart || blockMinutes
        ? { blockDate, blockStart, blockMinutes: Number(blockMinutes) }
        : { blockDate: null, blockStart: null, blockMinutes: null }),
      dueDate: values.dueDate || null,
      listId: values.listId || null,
      dueTime: (values.dueDate && values.dueTime) || null,
      repeat: values.dueDate ? (buildRepeat(repeat, values.dueDate).repeat ?? null) : null,
      estimateMinutes: values.estimateMinutes.trim() === '' ? null : Number(values.estimateMinutes),
    }))
    .pipe(todoCreateSchema);

export type TodoFormValues = z.input<ReturnType<typeof todoFormSchema>>;

/** What is wrong with the form's time block, as the server would say it: a part missing, or its end. */
function blockIssue(values: {
  blockDate: string;
  blockStart: string;
  blockMinutes: string;
}): { field: 'blockDate' | 'blockStart' | 'blockMinutes'; message: string } | null {
  const { blockDate, blockStart, blockMinutes } = values;
  if (!blockDate && !blockStart && !blockMinutes) {
    return null;
  }
  if (!blockDate) {
    return { field: 'blockDate', message: BLOCK_MESSAGES.needsDate };
  }
  const minutes = blockMinutes === '' ? null : Number(blockMinutes);
  if (minutes !== null && (!Number.isInteger(minutes) || minutes < BLOCK_MINUTES_MIN)) {
    return { field: 'blockMinutes', message: BLOCK_MESSAGES.minutesInvalid };
  }
  return blockProblem(blockStart || null, minutes);
}

/** Whether the form's reminders (as the create body holds them) are the todo's own. */
export const sameReminders = (a: TodoCreate['reminders'], b: readonly TodoReminder[]) =>
  JSON.stringify(a ?? []) === JSON.stringify(b);

export const sameRepeat = (a: Repeat | null, b: Repeat | null) =>
  a === b || (a !== null && b !== null && a.rule === b.rule && a.from === b.from);

/** The form's first values: the todo's, or a new one's, in `listId` (null: the Inbox). */
export function initialValues(
  todo: Todo | null,
  today: string,
  listId: string | null = null,
  dueDate = '',
): TodoFormValues {
  return {
    title: todo?.title ?? '',
    description: todo?.description ?? '',
    priority: todo?.priority ?? 'medium',
    dueDate: todo ? (todo.dueDate ?? '') : dueDate,
    dueTime: todo?.dueTime ?? '',
    reminders: todo?.reminders ?? [],
    tagIds: todo?.tags.map((tag) => tag.id) ?? [],
    listId: (todo ? todo.listId : listId) ?? '',
    repeat: choiceFromRepeat(todo?.repeat ?? null, (todo ? todo.dueDate : dueDate) || today),
    blockDate: todo?.blockDate ?? '',
    blockStart: todo?.blockStart ?? '',
    blockMinutes: todo?.blockMinutes ? String(todo.blockMinutes) : '',
    estimateMinutes:
      todo?.estimateMinutes === undefined || todo.estimateMinutes === null
        ? ''
        : String(todo.estimateMinutes),
  };
}
