/**
 * Reminder scheduling in the browser for todos (and, later, daily-plan tasks).
 * Timers run in the page, so a reminder fires only while a signed-in tab is open; the caller
 * syncs the list of unfinished todos with a reminder, and an empty list (or clearAll) when
 * reminders are turned off in settings (notifications.reminders) or on sign-out.
 *
 * Our reading of the rules (docs/product/todos.md#reminders), implemented exactly:
 * - A reminder time is 24-hour H:MM / HH:MM, or 12-hour h:mm with AM/PM (12 AM is 0, 12 PM is
 *   12, other PM hours add 12). Times are in the browser's local time zone.
 * - A time still ahead today fires today; one passed by less than 2 minutes fires 2 seconds from
 *   now (the user just set it); one passed longer ago fires tomorrow. After firing, it fires
 *   again the next day at the same time, until the todo is completed, edited or deleted.
 * - Without a usable reminder time, a due date gives a one-off reminder 30 minutes before the
 *   due time, which we take as the start of the due day (00:00 local). If that has passed by
 *   less than 2 minutes it fires 2 seconds from now; if longer ago there is no reminder.
 */

import type { Reminder } from './notifications';

/** docs/product/todos.md: the default reminder is 30 minutes before the due time. */
export const REMINDER_BEFORE_DUE_MS = 30 * 60_000;
/** A time passed by less than this still gets an immediate alert (docs/product/todos.md)... */
export const REMINDER_GRACE_MS = 120_000;
/** ...which shows after this delay. */
export const REMINDER_LATE_DELAY_MS = 2_000;
/** setTimeout fires at once when asked to wait longer than this, so longer waits are chained. */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

const TIME_24_HOUR = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const TIME_12_HOUR = /^(0?[1-9]|1[0-2]):([0-5]\d) ?([ap]m)$/i;

export interface ReminderClock {
  hours: number;
  minutes: number;
}

export interface ReminderTask {
  id: string;
  title: string;
  body: string;
  /** The page a click on the notification opens. */
  url: string;
  reminderTime: string | null;
  /** YYYY-MM-DD */
  dueDate: string | null;
}

export interface ReminderSchedulerOptions {
  show: (reminder: Reminder) => unknown;
  /** The clock; injectable for tests. */
  now?: () => Date;
}

export interface ReminderScheduler {
  /** Reconciles the timers with the tasks that should have a reminder now. */
  sync: (tasks: readonly ReminderTask[]) => void;
  /** Stops every reminder (reminders turned off, sign-out, unmount). */
  clearAll: () => void;
}

/** H:MM / HH:MM (24-hour) or h:mm AM/PM (12-hour, optional space, any case); else null. */
export function parseReminderTime(value: string): ReminderClock | null {
  const text = value.trim();
  const h24 = TIME_24_HOUR.exec(text);
  if (h24) {
    return { hours: Number(h24[1]), minutes: Number(h24[2]) };
  }
  const h12 = TIME_12_HOUR.exec(text);
  if (!h12) {
    return null;
  }
  const pm = h12[3]?.toLowerCase() === 'pm';
  return { hours: (Number(h12[1]) % 12) + (pm ? 12 : 0), minutes: Number(h12[2]) };
}

/**
 * The given local time, `days` days after `now`'s day. The day is moved before the hour is set,
 * so a daylight-saving change in between keeps the wall-clock time (adding 24 h would not).
 */
function atLocalTime(now: Date, days: number, { hours, minutes }: ReminderClock): Date {
  const date = new Date(now);
  date.setDate(date.getDate() + days);
  date.setHours(hours, minutes, 0, 0);
  return date;
}

/** The first occurrence of the local time strictly after `now`: today or tomorrow. */
function occurrenceAfter(time: ReminderClock, now: Date): Date {
  const today = atLocalTime(now, 0, time);
  return today.getTime() > now.getTime() ? today : atLocalTime(now, 1, time);
}

function passedWithinGrace(at: Date, now: Date): boolean {
  const late = now.getTime() - at.getTime();
  return late >= 0 && late < REMINDER_GRACE_MS;
}

function lateAlert(now: Date): Date {
  return new Date(now.getTime() + REMINDER_LATE_DELAY_MS);
}

/** 00:00 local on a YYYY-MM-DD day; null when the text is not such a date. */
function startOfLocalDay(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

/** When a task's reminder should fire, seen from `now`; null when it gets none (see top). */
export function nextReminderAt(
  reminderTime: string | null,
  dueDate: string | null,
  now: Date,
): Date | null {
  const time = reminderTime === null ? null : parseReminderTime(reminderTime);
  if (time) {
    const today = atLocalTime(now, 0, time);
    return passedWithinGrace(today, now) ? lateAlert(now) : occurrenceAfter(time, now);
  }
  const due = dueDate === null ? null : startOfLocalDay(dueDate);
  if (!due) {
    return null;
  }
  const at = new Date(due.getTime() - REMINDER_BEFORE_DUE_MS);
  if (at.getTime() > now.getTime()) {
    return at;
  }
  return passedWithinGrace(at, now) ? lateAlert(now) : null;
}

/** What the timer depends on: a task whose signature is unchanged keeps its timer. */
function signatureOf({ reminderTime, dueDate, title, body, url }: ReminderTask): string {
  return JSON.stringify([reminderTime, dueDate, title, body, url]);
}

async function showSafely(show: ReminderSchedulerOptions['show'], reminder: Reminder) {
  try {
    await show(reminder);
  } catch (error) {
    console.warn(`Could not show the reminder: ${reminder.title}`, error);
  }
}

interface Entry {
  signature: string;
  /** Undefined once a one-off reminder has fired, or when there is none: kept so that a re-sync
   *  of the same task does not schedule it again. */
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** Keeps one timer per task, reconciled on each sync with the tasks that want reminders. */
export function createReminderScheduler({
  show,
  now = () => new Date(),
}: ReminderSchedulerOptions): ReminderScheduler {
  const entries = new Map<string, Entry>();

  function clear(id: string): void {
    clearTimeout(entries.get(id)?.timer);
    entries.delete(id);
  }

  function schedule(task: ReminderTask, signature: string, at: Date | null): void {
    if (!at) {
      entries.set(task.id, { signature, timer: undefined });
      return;
    }
    const wait = Math.min(Math.max(at.getTime() - now().getTime(), 0), MAX_TIMER_DELAY_MS);
    const timer = setTimeout(() => {
      // Woken early (a chained long wait, or the clock was set back): wait for the rest.
      if (now().getTime() < at.getTime()) {
        schedule(task, signature, at);
      } else {
        fire(task, signature);
      }
    }, wait);
    entries.set(task.id, { signature, timer });
  }

  function fire(task: ReminderTask, signature: string): void {
    void showSafely(show, { title: task.title, body: task.body, url: task.url });
    // A reminder time repeats daily; a due-date reminder fires once.
    const time = task.reminderTime === null ? null : parseReminderTime(task.reminderTime);
    schedule(task, signature, time ? occurrenceAfter(time, now()) : null);
  }

  return {
    sync(tasks) {
      const ids = new Set<string>();
      for (const task of tasks) {
        ids.add(task.id);
        const signature = signatureOf(task);
        if (entries.get(task.id)?.signature !== signature) {
          clear(task.id);
          schedule(task, signature, nextReminderAt(task.reminderTime, task.dueDate, now()));
        }
      }
      for (const id of entries.keys()) {
        if (!ids.has(id)) {
          clear(id);
        }
      }
    },
    clearAll() {
      for (const id of entries.keys()) {
        clear(id);
      }
    },
  };
}
