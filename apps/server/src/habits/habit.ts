import type { Habit } from '@daywise/shared/schemas';

/**
 * A habit's streak (docs/product/todos.md, "Repeating todos and habits"), as a pure function of
 * the scheduled occurrences, what was recorded for them, the days off and today:
 * - an occurrence done on or before its date is on time: the streak grows by one, and every
 *   seventh in a row earns a freeze (at most FREEZE_LIMIT kept);
 * - a skipped occurrence, or one on a day off, neither breaks nor extends the streak;
 * - a missed one (its date before today and not done on time, late ones included) uses a freeze
 *   if there is one, else the streak goes back to 0;
 * - an occurrence today or later that is not done yet changes nothing.
 * `done` counts every occurrence done, on time or not.
 */

export const FREEZE_EVERY = 7;
export const FREEZE_LIMIT = 3;

export interface OccurrenceRecord {
  /** YYYY-MM-DD: the occurrence's date. */
  date: string;
  outcome: 'done' | 'skipped';
  /** YYYY-MM-DD: the day it was done or skipped, in the user's time zone. */
  on: string;
}

export interface DayOffRange {
  start: string;
  end: string;
}

export const NO_HABIT: Habit = { streak: 0, best: 0, freezes: 0, done: 0 };

export function isDayOff(day: string, daysOff: readonly DayOffRange[]): boolean {
  return daysOff.some((range) => range.start <= day && day <= range.end);
}

/**
 * The habit after the given occurrences, from `start` (a habit counted up to an earlier day).
 * `scheduled` are the occurrence dates the rule gave; the records' own dates count too (a todo
 * done ahead of its date). Each date counts once, in order.
 */
export function habitOf(input: {
  scheduled: readonly string[];
  records: readonly OccurrenceRecord[];
  daysOff: readonly DayOffRange[];
  today: string;
  start?: Habit;
}): Habit {
  const { records, daysOff, today } = input;
  const habit = { ...(input.start ?? NO_HABIT) };
  const recorded = new Map(records.map((record) => [record.date, record]));
  const dates = [...new Set([...input.scheduled, ...recorded.keys()])].sort();
  for (const date of dates) {
    const record = recorded.get(date);
    if (record?.outcome === 'done') {
      habit.done += 1;
    }
    const onTime = record?.outcome === 'done' && record.on <= date;
    const pending = record === undefined && date >= today;
    if (record?.outcome === 'skipped' || pending || isDayOff(date, daysOff)) {
      continue;
    }
    if (onTime) {
      habit.streak += 1;
      habit.best = Math.max(habit.best, habit.streak);
      if (habit.streak % FREEZE_EVERY === 0) {
        habit.freezes = Math.min(FREEZE_LIMIT, habit.freezes + 1);
      }
    } else if (habit.freezes > 0) {
      habit.freezes -= 1;
    } else {
      habit.streak = 0;
    }
  }
  return habit;
}
