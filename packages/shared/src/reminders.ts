import { addDays, instantAt, isCalendarDay, startOfDayIn, todayIn } from './dates';

/**
 * When a reminder fires: one rule for the open tab and the server (docs/product/todos.md#reminders),
 * always in the time zone of the user's setting.
 *
 * - A reminder time is 24-hour H:MM / HH:MM, or 12-hour h:mm with AM/PM (12 AM is 0, 12 PM is
 *   12, other PM hours add 12).
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

const TIME_24_HOUR = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const TIME_12_HOUR = /^(0?[1-9]|1[0-2]):([0-5]\d) ?([ap]m)$/i;

/** H:MM / HH:MM (24-hour) or h:mm AM/PM (12-hour, optional space, any case) as HH:MM; else null. */
export function parseReminderTime(value: string): string | null {
  const text = value.trim();
  const h24 = TIME_24_HOUR.exec(text);
  const h12 = h24 ? null : TIME_12_HOUR.exec(text);
  if (!h24 && !h12) {
    return null;
  }
  const hours = h24
    ? Number(h24[1])
    : (Number(h12?.[1]) % 12) + (h12?.[3]?.toLowerCase() === 'pm' ? 12 : 0);
  const minutes = (h24 ?? h12)?.[2] ?? '00';
  return `${String(hours).padStart(2, '0')}:${minutes}`;
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
  const time = reminderTime === null ? null : parseReminderTime(reminderTime);
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
  const time = reminderTime === null ? null : parseReminderTime(reminderTime);
  return time && !day ? occurrenceAfter(time, timeZone, now) : null;
}
