import { addDays, instantAt, isCalendarDay, startOfDayIn, todayIn } from './dates';
import {
  isReminderTime,
  REMINDER_BEFORE_DUE_MS,
  REMINDER_GRACE_MS,
  REMINDER_LATE_DELAY_MS,
  type ReminderSchedule,
  type TodoReminder,
} from './reminders';

/**
 * When a reminder fires: one rule for the open tab and the server (docs/product/todos.md#reminders),
 * always in the time zone of the user's setting.
 *
 * - A reminder time is HH:MM on the 24-hour clock (REMINDER_TIME_PATTERN), as the API stores it.
 * - With a day (a todo's due date, a plan task's plan date): at that time on that day, once.
 * - Without a day: at the next occurrence of the time (today, or tomorrow once it has passed),
 *   and again every day after it fires, until the todo is completed, changed or deleted.
 * - A due date without a usable time: 30 minutes before the due day begins, once (plan tasks and
 *   the tab's own tests; a todo reminds only when it has reminders).
 * - A todo (ADR 0030): each of its reminders once, at its instant or counted back from its due
 *   date and time (`TodoReminder`); without a due date, also the daily time old clients set.
 *   After one fires, the next of its moments is scheduled (`nextReminder` with `after`).
 * - A moment passed by less than REMINDER_GRACE_MS (the user has just set it) fires
 *   REMINDER_LATE_DELAY_MS from now; one passed longer ago does not fire.
 * - A day outside the days Daywise accepts (kept from before ADR 0022) gets none: its moment
 *   could lie past the year 9999, which no instant we store can name.
 */

const MINUTES_PER_DAY = 24 * 60;
const MINUTE_MS = 60_000;

/** When a reminder fires and the occurrence it is for (its own moment, before any grace delay). */
export interface NextReminder {
  at: Date;
  occurrence: Date;
}

/** `at` if it is still ahead; now + the late delay if it passed within the grace; else null. */
function unlessLongPassed(at: Date, now: Date): Date | null {
  const late = now.getTime() - at.getTime();
  if (late < 0) {
    return at;
  }
  return late < REMINDER_GRACE_MS ? new Date(now.getTime() + REMINDER_LATE_DELAY_MS) : null;
}

const usableTime = (time: string | null | undefined): string | null =>
  time !== null && time !== undefined && isReminderTime(time) ? time : null;

/** The instant `before` minutes before a due date and time (TodoReminder: days on the calendar). */
export function momentBefore(day: string, dueTime: string, before: number, timeZone: string): Date {
  const days = Math.floor(before / MINUTES_PER_DAY);
  const due = instantAt(addDays(day, -days), dueTime, timeZone);
  return new Date(due.getTime() - (before % MINUTES_PER_DAY) * MINUTE_MS);
}

/** The moment one reminder of a todo is for, or null when it has none (before, without a time). */
export function reminderMoment(
  reminder: TodoReminder,
  due: { day: string | null; dueTime?: string | null },
  timeZone: string,
): Date | null {
  if ('at' in reminder) {
    const at = Date.parse(reminder.at);
    return Number.isNaN(at) ? null : new Date(at);
  }
  const dueTime = usableTime(due.dueTime);
  if (!due.day || !dueTime || !isCalendarDay(due.day) || !Number.isInteger(reminder.before)) {
    return null;
  }
  return momentBefore(due.day, dueTime, reminder.before, timeZone);
}

/** The daily reminder time of an item without a day, or null. */
function dailyTime({ reminderTime, day }: ReminderSchedule): string | null {
  return day ? null : usableTime(reminderTime);
}

/** The moments an item reminds at once (every one but the daily time's), sorted, each once. */
export function reminderMoments(schedule: ReminderSchedule, timeZone: string): Date[] {
  const { day, reminders } = schedule;
  if (day && !isCalendarDay(day)) {
    return [];
  }
  let moments: (Date | null)[];
  if (reminders) {
    moments = reminders.map((reminder) => reminderMoment(reminder, schedule, timeZone));
  } else {
    const time = usableTime(schedule.reminderTime);
    moments =
      day && time
        ? [instantAt(day, time, timeZone)]
        : day
          ? [new Date(startOfDayIn(day, timeZone).getTime() - REMINDER_BEFORE_DUE_MS)]
          : [];
  }
  const unique = new Map<number, Date>();
  for (const moment of moments) {
    if (moment) {
      unique.set(moment.getTime(), moment);
    }
  }
  return [...unique.values()].sort((a, b) => a.getTime() - b.getTime());
}

/** The occurrences of a daily time around `now`: the last one not after it, and the next. */
function dailyAround(time: string, timeZone: string, now: Date): Date[] {
  const today = todayIn(timeZone, now);
  const atToday = instantAt(today, time, timeZone);
  return atToday <= now
    ? [atToday, instantAt(addDays(today, 1), time, timeZone)]
    : [instantAt(addDays(today, -1), time, timeZone), atToday];
}

/**
 * The item's next reminder seen from `now`: the first of its moments (after `after`, the
 * occurrence that just fired, when given) that is still ahead, or passed within the grace (then
 * it fires REMINDER_LATE_DELAY_MS from now); null when none is left.
 */
export function nextReminder(
  schedule: ReminderSchedule,
  timeZone: string,
  now: Date,
  after?: Date,
): NextReminder | null {
  const time = dailyTime(schedule);
  const candidates = [
    ...reminderMoments(schedule, timeZone),
    ...(time ? dailyAround(time, timeZone, now) : []),
  ].sort((a, b) => a.getTime() - b.getTime());
  for (const occurrence of candidates) {
    if (after && occurrence <= after) {
      continue;
    }
    const at = unlessLongPassed(occurrence, now);
    if (at) {
      return { at, occurrence };
    }
  }
  return null;
}

/** When the item's next reminder fires, seen from `now`; null when it gets none (see above). */
export function nextReminderAt(
  schedule: ReminderSchedule,
  timeZone: string,
  now: Date,
): Date | null {
  return nextReminder(schedule, timeZone, now)?.at ?? null;
}

/**
 * The occurrence a reminder firing at `firedAt` belongs to: the item's last moment not after it
 * (a reminder set for "now" fires 2 s later but is still that minute's). The tab and the server
 * name an occurrence this way, so that its delivery is recorded once
 * (docs/decisions/0019-server-reminders-push-email.md, 2026-11-28). Null when it has none.
 */
export function reminderOccurrence(
  schedule: ReminderSchedule,
  timeZone: string,
  firedAt: Date,
): Date | null {
  const time = dailyTime(schedule);
  const candidates = [
    ...reminderMoments(schedule, timeZone),
    ...(time ? dailyAround(time, timeZone, firedAt) : []),
  ].filter((moment) => moment <= firedAt);
  return candidates.reduce<Date | null>(
    (latest, moment) => (latest && latest >= moment ? latest : moment),
    null,
  );
}

/** Whether `instant` is one of the item's moments: a job for it still stands. */
export function isReminderMoment(
  schedule: ReminderSchedule,
  timeZone: string,
  instant: Date,
): boolean {
  return reminderOccurrence(schedule, timeZone, instant)?.getTime() === instant.getTime();
}

/**
 * What a todo's `reminderTime` reads as for clients older than its reminders (ADR 0030): without
 * a due date, its daily time; with a due date and time, the wall-clock time of its earliest
 * reminder counted from the due time that falls on the due date (due time less `before`);
 * otherwise null. A reminder at an instant is not read.
 */
export function legacyReminderTime(todo: {
  day: string | null;
  dueTime: string | null;
  reminders: readonly TodoReminder[];
  dailyTime: string | null;
}): string | null {
  if (!todo.day) {
    return todo.dailyTime;
  }
  const dueTime = usableTime(todo.dueTime);
  if (!dueTime) {
    return null;
  }
  const dueMinutes = Number(dueTime.slice(0, 2)) * 60 + Number(dueTime.slice(3));
  const sameDay = todo.reminders.flatMap((reminder) =>
    'before' in reminder && reminder.before <= dueMinutes ? [reminder.before] : [],
  );
  if (sameDay.length === 0) {
    return null;
  }
  const minutes = dueMinutes - Math.max(...sameDay);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
