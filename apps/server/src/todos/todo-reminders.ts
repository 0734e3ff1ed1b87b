import { type TodoReminder } from '@daywise/shared';
import { legacyReminderTime } from '@daywise/shared/reminder-moments';
import { REMINDER_MESSAGES } from '@daywise/shared/schemas';
import type { ExpressionBuilder } from 'kysely';

import type { Database } from '../db/schema';
import { ApiError } from '../lib/errors';
import type { TodoRow } from './todo-fields';

/*
 * A todo's due time and reminders as a write sets them (ADR 0030): the rules between the due
 * date, the due time, the reminders and the `reminderTime` old clients send, in one place for the
 * API's creates and updates and for imports.
 */

/** What a write may say about them; a field left out is kept (or, on a create, none). */
export interface ReminderInput {
  dueDate?: string | null;
  dueTime?: string | null;
  reminders?: readonly TodoReminder[];
  reminderTime?: string | null;
}

/** The columns that keep them. */
export type ReminderColumns = Pick<TodoRow, 'due_time' | 'reminders' | 'reminder_time'>;

/** The todos that remind at all: with a reminder time (old clients') or reminders. */
export const remindingTodo = (eb: ExpressionBuilder<Database, 'todos'>) =>
  eb.or([eb('reminder_time', 'is not', null), eb('reminders', '!=', '[]')]);

/** A todo's reminders as its row keeps them. */
export function remindersOf(row: Pick<TodoRow, 'reminders'>): TodoReminder[] {
  return JSON.parse(row.reminders) as TodoReminder[];
}

function refused(field: keyof ReminderInput, message: string): ApiError {
  return new ApiError('VALIDATION_FAILED', message, { [field]: message });
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

interface State {
  day: string | null;
  dueTime: string | null;
  reminders: readonly TodoReminder[];
  /** The daily reminder time of a todo without a due date (old clients'). */
  dailyTime: string | null;
}

/**
 * One reminder at `time` on the due date, as `reminderTime` asks (ADR 0030): without a due time,
 * the time becomes the due time with a reminder at it; with one, a reminder that many minutes
 * before it. Without a due date it is the daily reminder. Null: none. Undefined when it cannot be
 * said (the time is after the due time).
 */
function fromReminderTime(state: State, time: string | null): State | undefined {
  if (time === null) {
    return { ...state, reminders: [], dailyTime: null };
  }
  if (!state.day) {
    return { ...state, reminders: [], dailyTime: time };
  }
  if (!state.dueTime) {
    return { ...state, dueTime: time, reminders: [{ before: 0 }], dailyTime: null };
  }
  const before = minutesOf(state.dueTime) - minutesOf(time);
  return before < 0 ? undefined : { ...state, reminders: [{ before }], dailyTime: null };
}

const readBack = (state: State) => legacyReminderTime(state);

/**
 * The due time and reminder columns a write gives the todo `current` (null for a new one), or a
 * 400 naming the field: a due time needs a due date; a reminder before the due time needs a due
 * date and time; `reminderTime` with `reminders` must read as they do; a `reminderTime` after
 * the due time cannot be one reminder before it. Clearing the due date clears the due time, and
 * clearing either drops the reminders counted from the due time, which have nothing left to count
 * from. A `reminderTime` equal to what the todo reads as changes nothing (an old client sending
 * back what it read keeps every reminder).
 */
export function reminderColumns(
  current: (ReminderColumns & Pick<TodoRow, 'due_date'>) | null,
  input: ReminderInput,
): ReminderColumns {
  const day = input.dueDate !== undefined ? input.dueDate : (current?.due_date ?? null);
  if (input.dueTime && !day) {
    throw refused('dueTime', REMINDER_MESSAGES.dueTimeNeedsDueDate);
  }
  const before: State = {
    day: current?.due_date ?? null,
    dueTime: current?.due_time ?? null,
    reminders: current ? remindersOf(current) : [],
    dailyTime: current && !current.due_date ? current.reminder_time : null,
  };
  let state: State = {
    day,
    dueTime: day ? (input.dueTime !== undefined ? input.dueTime : before.dueTime) : null,
    reminders: input.reminders ?? before.reminders,
    dailyTime: input.reminders ? null : before.dailyTime,
  };
  if (input.reminders) {
    if (!state.dueTime && input.reminders.some((reminder) => 'before' in reminder)) {
      throw refused('reminders', REMINDER_MESSAGES.beforeNeedsDueTime);
    }
  } else if (!state.dueTime) {
    state = { ...state, reminders: state.reminders.filter((reminder) => 'at' in reminder) };
  }
  if (input.reminderTime !== undefined) {
    state = withReminderTime(state, input, before);
  } else if (!before.day && day && before.dailyTime && !input.reminders) {
    // A todo given a due date keeps its daily time as one reminder on that date, if it can.
    state = fromReminderTime(state, before.dailyTime) ?? { ...state, dailyTime: null };
  } else if (day) {
    state = { ...state, dailyTime: null };
  }
  return {
    due_time: state.dueTime,
    reminders: JSON.stringify(state.reminders),
    reminder_time: readBack(state),
  };
}

/** `reminderTime` written (old clients), alone or beside `reminders`. */
function withReminderTime(state: State, input: ReminderInput, before: State): State {
  const time = input.reminderTime ?? null;
  if (input.reminders) {
    const given = state.day ? state : { ...state, dailyTime: time };
    if (readBack(given) !== time) {
      throw refused('reminderTime', REMINDER_MESSAGES.reminderTimeDisagrees);
    }
    return given;
  }
  if (readBack(state) === time && (state.day !== null) === (before.day !== null)) {
    return state;
  }
  const written = fromReminderTime(state, time);
  if (!written) {
    throw refused('reminderTime', REMINDER_MESSAGES.reminderTimeAfterDueTime);
  }
  return written;
}

/**
 * An imported todo's due time, reminders and reminder time, from what its file says: an archive
 * made since ADR 0030 gives all three; older archives and other files give a reminder time (and
 * maybe a due time), read as an old client's (`reminderColumns`). What cannot be kept together
 * (an edited archive) is read with less, down to the due date alone, rather than refusing the
 * file: the reminders without the reminder time, then the due time alone.
 */
export function importedReminders(input: {
  dueDate: string | null;
  dueTime?: string | null;
  reminders?: readonly TodoReminder[];
  reminderTime: string | null;
}): { dueTime: string | null; reminders: TodoReminder[]; reminderTime: string | null } {
  const { reminderTime: _reminderTime, ...withoutTime } = input;
  const readings: ReminderInput[] = [
    input,
    withoutTime,
    { dueDate: input.dueDate, dueTime: input.dueDate ? (input.dueTime ?? null) : null },
  ];
  for (const reading of readings) {
    try {
      const columns = reminderColumns(null, reading);
      return {
        dueTime: columns.due_time,
        reminders: remindersOf(columns),
        reminderTime: columns.reminder_time,
      };
    } catch (error) {
      if (!(error instanceof ApiError)) {
        throw error;
      }
    }
  }
  return { dueTime: null, reminders: [], reminderTime: null };
}
