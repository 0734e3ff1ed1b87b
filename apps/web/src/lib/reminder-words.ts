import { type TodoReminder } from '@daywise/shared';
import { reminderMoments } from '@daywise/shared/reminder-moments';

import { formatDateTimeIn } from './format';

/*
 * A todo's reminders in words (ADR 0030), for its dialog and its row: 'At due time',
 * '10 minutes before', '1 day before', or the date and time of one at an instant.
 */

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

const count = (amount: number, unit: string) => `${amount} ${unit}${amount === 1 ? '' : 's'}`;

/** 'At due time', '10 minutes before', '1 hour before', '2 days before', '90 minutes before'. */
export function beforeWords(minutes: number): string {
  if (minutes === 0) {
    return 'At due time';
  }
  if (minutes % MINUTES_PER_DAY === 0) {
    return `${count(minutes / MINUTES_PER_DAY, 'day')} before`;
  }
  if (minutes % MINUTES_PER_HOUR === 0) {
    return `${count(minutes / MINUTES_PER_HOUR, 'hour')} before`;
  }
  return `${count(minutes, 'minute')} before`;
}

/** One reminder in words, an instant in the user's zone: 'On Nov 24, 2026, 9:00 AM'. */
export function reminderWords(reminder: TodoReminder, timeZone: string): string {
  return 'before' in reminder
    ? beforeWords(reminder.before)
    : `On ${formatDateTimeIn(reminder.at, timeZone)}`;
}

/** 18:30 as '6:30 PM'. */
export function formatTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** An instant's day and time on the wall clock of a zone: ['2026-11-24', '09:00']. */
function wallClock(instant: Date, timeZone: string): [string, string] {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, format);
  }
  const part = (type: string) =>
    format.formatToParts(instant).find((piece) => piece.type === type)?.value ?? '';
  return [`${part('year')}-${part('month')}-${part('day')}`, `${part('hour')}:${part('minute')}`];
}

/**
 * What a todo's row says of its reminders: its first one (the time alone when it is on the due
 * date, else the date and time), and how many more; a daily time of an older app, that time.
 * Null without any. It depends on nothing but the todo and the zone, so the server draws it alike.
 */
export function reminderSummary(
  todo: {
    dueDate: string | null;
    dueTime: string | null;
    reminders: readonly TodoReminder[];
    reminderTime: string | null;
  },
  timeZone: string,
): string | null {
  const moments = reminderMoments(
    {
      day: todo.dueDate,
      dueTime: todo.dueTime,
      reminders: todo.reminders,
      reminderTime: todo.reminderTime,
    },
    timeZone,
  );
  const [first] = moments;
  if (!first) {
    return !todo.dueDate && todo.reminderTime ? `Reminder ${formatTime(todo.reminderTime)}` : null;
  }
  const [day, time] = wallClock(first, timeZone);
  const when =
    day === todo.dueDate ? formatTime(time) : formatDateTimeIn(first.toISOString(), timeZone);
  const more = moments.length - 1 + (!todo.dueDate && todo.reminderTime ? 1 : 0);
  return more > 0 ? `Reminder ${when} (+${more} more)` : `Reminder ${when}`;
}
