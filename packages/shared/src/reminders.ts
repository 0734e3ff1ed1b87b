import { addDays, instantAt, isCalendarDay, startOfDayIn, todayIn } from './dates';
import { MESSAGES } from './messages';

/**
 * When a reminder fires: one rule for the open tab and the server (docs/product/todos.md#reminders),
 * always in the time zone of the user's setting.
 *
 * - A reminder time is HH:MM on the 24-hour clock (REMINDER_TIME_PATTERN), as the API stores it.
 * - With a day (a todo's due date, a plan task's plan date): at that time on that day, once.
 * - Without a day: at the next occurrence of the time (today, or tomorrow once it has passed),
 *   and again every day after it fires, until the todo is completed, changed or deleted.
 * - A due date without a usable time: 30 minutes before the due day begins, once.
 * - A moment passed by less than REMINDER_GRACE_MS (the user has just set it) fires
 *   REMINDER_LATE_DELAY_MS from now; one passed longer ago does not fire.
 * - A day outside the days Daywise accepts (kept from before ADR 0022) gets none: its moment
 *   could lie past the year 9999, which no instant we store can name.
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

export interface ReminderSchedule {
  reminderTime: string | null;
  /** YYYY-MM-DD: a todo's due date, a plan task's plan date; null for none. */
  day: string | null;
}

/** `at` if it is still ahead; now + the late delay if it passed within the grace; else null. */
function unlessLongPassed(at: Date, now: Date): Date | null {
  const late = now.getTime() - at.getTime();
  if (late < 0) {
    return at;
  }
  return late < REMINDER_GRACE_MS ? new Date(now.getTime() + REMINDER_LATE_DELAY_MS) : null;
}

/** The first occurrence of a daily time strictly after `now`, in the zone. */
function occurrenceAfter(time: string, timeZone: string, now: Date): Date {
  const today = todayIn(timeZone, now);
  const atToday = instantAt(today, time, timeZone);
  return atToday > now ? atToday : instantAt(addDays(today, 1), time, timeZone);
}

/** When a reminder should fire, seen from `now`; null when it gets none (see above). */
export function nextReminderAt(
  { reminderTime, day }: ReminderSchedule,
  timeZone: string,
  now: Date,
): Date | null {
  const time = reminderTime !== null && isReminderTime(reminderTime) ? reminderTime : null;
  if (day && !isCalendarDay(day)) {
    return null;
  }
  if (time && day) {
    return unlessLongPassed(instantAt(day, time, timeZone), now);
  }
  if (time) {
    const atToday = instantAt(todayIn(timeZone, now), time, timeZone);
    return unlessLongPassed(atToday, now) ?? occurrenceAfter(time, timeZone, now);
  }
  if (day) {
    return unlessLongPassed(
      new Date(startOfDayIn(day, timeZone).getTime() - REMINDER_BEFORE_DUE_MS),
      now,
    );
  }
  return null;
}

/** When a reminder fires again after firing at `now`: a daily time without a day repeats. */
export function reminderAfterFiring(
  { reminderTime, day }: ReminderSchedule,
  timeZone: string,
  now: Date,
): Date | null {
  const time = reminderTime !== null && isReminderTime(reminderTime) ? reminderTime : null;
  return time && !day ? occurrenceAfter(time, timeZone, now) : null;
}

/**
 * The occurrence a reminder firing at `firedAt` belongs to: its own moment, before any grace
 * delay (a reminder set for "now" fires 2 s later but is still that minute's). The tab and the
 * server name an occurrence this way, so that its delivery is recorded once
 * (docs/decisions/0019-server-reminders-push-email.md, 2026-11-28). Null when it has none.
 */
export function reminderOccurrence(
  { reminderTime, day }: ReminderSchedule,
  timeZone: string,
  firedAt: Date,
): Date | null {
  const time = reminderTime !== null && isReminderTime(reminderTime) ? reminderTime : null;
  if (day && !isCalendarDay(day)) {
    return null;
  }
  if (time && day) {
    return instantAt(day, time, timeZone);
  }
  if (time) {
    const today = todayIn(timeZone, firedAt);
    const atToday = instantAt(today, time, timeZone);
    return atToday <= firedAt ? atToday : instantAt(addDays(today, -1), time, timeZone);
  }
  if (day) {
    return new Date(startOfDayIn(day, timeZone).getTime() - REMINDER_BEFORE_DUE_MS);
  }
  return null;
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
