import { MESSAGES } from './messages';

/*
 * Reminder constants and texts, loaded with every page. When a reminder fires is
 * `reminder-moments.ts` (`@daywise/shared/reminder-moments`), which only the pages and the
 * server that schedule reminders load.
 */

/** docs/product/todos.md: the default reminder is 30 minutes before the due time. */
export const REMINDER_BEFORE_DUE_MS = 30 * 60_000;
/** A time passed by less than this still gets an immediate alert (docs/product/todos.md)... */
export const REMINDER_GRACE_MS = 120_000;
/** ...which shows after this delay. */
export const REMINDER_LATE_DELAY_MS = 2_000;

/**
 * A reminder time: HH:MM on the 24-hour clock, the only form the API takes, an archive holds and
 * the reminder prompts accept (docs/product/todos.md, daily-goals.md). Here, zod-free, so that the
 * prompt checks it without loading the schemas.
 */
export const REMINDER_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether `value` is a reminder time, HH:MM (REMINDER_TIME_PATTERN). */
export function isReminderTime(value: string): boolean {
  return REMINDER_TIME_PATTERN.test(value);
}

/** A todo has at most this many reminders (issue 32, ADR 0030). */
export const TODO_REMINDERS_MAX = 5;
/** The furthest a reminder may be before the due time: 30 days, in minutes (ours, ADR 0030). */
export const REMINDER_BEFORE_MAX_MINUTES = 30 * 24 * 60;

/**
 * One of a todo's reminders (ADR 0030): at an instant (ISO 8601), or `before` minutes before its
 * due date and time, in the user's time zone. Whole days of `before` count on the calendar (1 day
 * before a 09:00 due time is 09:00 the day before, across a clock change); the rest are minutes.
 */
export type TodoReminder = { at: string } | { before: number };

export interface ReminderSchedule {
  /**
   * A plan task's time on its day. On a todo (`reminders` given) only the daily reminder of a
   * todo without a due date, which old clients set (ADR 0030); with a due date it is a reading
   * of the reminders, never a reminder of its own.
   */
  reminderTime: string | null;
  /** YYYY-MM-DD: a todo's due date, a plan task's plan date; null for none. */
  day: string | null;
  /** A todo's due time, HH:MM, or null. */
  dueTime?: string | null;
  /** A todo's reminders; absent for a plan task. */
  reminders?: readonly TodoReminder[];
}

/** The page a reminder's click opens: the todos page, or Daily Goals for a plan task. */
export const REMINDER_PAGES = { todo: '/dashboard/todos', task: '/dashboard/daily-goals' } as const;
export type ReminderItemKind = keyof typeof REMINDER_PAGES;

const REMINDER_BODIES: Record<ReminderItemKind, string> = {
  todo: MESSAGES.todoReminderBody,
  task: MESSAGES.planReminderBody,
};

/** What a reminder shows, in the tab, a push and an email alike. */
export interface ReminderNotice {
  /** 'Reminder: {title}'. */
  title: string;
  /** The item's description, or the kind's own text. */
  body: string;
  /** The page a click opens (REMINDER_PAGES). */
  url: string;
}

/**
 * A todo's or a plan task's reminder (docs/product/todos.md#reminders, daily-goals.md): 'Reminder:
 * {title}', its description or 'It is time for this todo.' / the plan's text, and its page.
 */
export function reminderNotice(
  kind: ReminderItemKind,
  item: { title: string; description: string },
): ReminderNotice {
  return {
    title: MESSAGES.reminderTitle(item.title),
    body: item.description || REMINDER_BODIES[kind],
    url: REMINDER_PAGES[kind],
  };
}
