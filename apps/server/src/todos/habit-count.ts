import { performance } from 'node:perf_hooks';

import { addDays } from '@daywise/shared';
import type { Habit } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import { isPostgres } from '../db/column-types';
import type { Database } from '../db/schema';
import { daysOffOf } from '../habits/days-off';
import {
  type DayOffRange,
  FREEZE_LIMIT,
  habitOf,
  isDayOff,
  type OccurrenceRecord,
} from '../habits/habit';
import { batchPacer, slicer } from '../lib/slices';
import { firstOnOrAfter, occurrencesBetween, type RepeatSeries, seriesOf } from './repeats';
import type { TodoRow } from './todo-fields';

/**
 * A repeating todo's habit, counted (docs/product/todos.md, "Repeating todos and habits"): every
 * write counts it again over the series' records and keeps it on the row (`settleHabit`), a
 * change to days off or a restore counts the user's habits again after it commits
 * (`resettleHabits`), and a read only applies the occurrences since (`currentHabit`).
 */

interface RecordRow {
  todo_id: string;
  id: string;
  occurrence_date: string;
  outcome: 'done' | 'skipped';
  completed_on: string;
  created_at: string;
}

/**
 * The todo's records, oldest first. They stay with the todo when its rule or due date changes,
 * so a streak carries on across a postponed occurrence.
 */
async function seriesRecords(db: Kysely<Database>, todoIds: string[]): Promise<RecordRow[]> {
  return db
    .selectFrom('todo_occurrences')
    .select(['todo_id', 'id', 'occurrence_date', 'outcome', 'completed_on', 'created_at'])
    .where('todo_id', 'in', todoIds)
    .orderBy('created_at')
    .orderBy('occurrence_date')
    .execute();
}

const asRecord = (row: RecordRow): OccurrenceRecord => ({
  date: row.occurrence_date,
  outcome: row.outcome,
  on: row.completed_on,
});

/** The first span of days habitDays reads after a record; it doubles up to a year. */
const FIRST_SPAN_DAYS = 31;

/**
 * The scheduled days that can change a habit, from `from` to `upTo` (ADR 0022), rather than every
 * occurrence of the series: the work then follows the records, not how long ago the series began.
 * An occurrence without a record is missed (neutral on a day off), and a miss takes a freeze or
 * the streak: so before the first record every occurrence leaves the habit at nothing, and once
 * FREEZE_LIMIT + 1 misses have followed a record the streak and the freezes are 0 until the next
 * record. Occurrences are read in spans that grow from a month to a year until then; spans of
 * days off are stepped over.
 */
export function habitDays(
  series: RepeatSeries,
  from: string | undefined,
  recordDates: readonly string[],
  daysOff: readonly DayOffRange[],
  upTo: string,
): string[] {
  const records = [...new Set(recordDates)].sort();
  const scheduled: string[] = [];
  let next = 0;
  let misses = 0;
  // Records up to `day` start a new run of misses.
  const passRecords = (day: string) => {
    for (; next < records.length && (records[next] ?? '') <= day; next += 1) {
      misses = 0;
    }
  };
  let start = from;
  let span = FIRST_SPAN_DAYS;
  while (start !== undefined && start <= upTo) {
    const first = start;
    const off = daysOff.find((range) => range.start <= first && first <= range.end);
    if (off) {
      start = off.end < upTo ? addDays(off.end, 1) : undefined;
      continue;
    }
    const spanEnd = addDays(first, span - 1);
    const end = spanEnd < upTo ? spanEnd : upTo;
    for (const day of occurrencesBetween(series, first, end)) {
      passRecords(day);
      if (misses <= FREEZE_LIMIT && records[next - 1] !== day && !isDayOff(day, daysOff)) {
        scheduled.push(day);
        misses += 1;
      }
    }
    passRecords(end);
    const saturated = misses > FREEZE_LIMIT;
    start = saturated ? records[next] : addDays(end, 1);
    span = saturated ? FIRST_SPAN_DAYS : Math.min(span * 2, 366);
  }
  return scheduled;
}

/** The columns that keep the habit on the row, counted afresh over the whole series. */
export function habitColumns(
  row: TodoRow,
  records: readonly RecordRow[],
  daysOff: readonly DayOffRange[],
  today: string,
  zone: string,
): Pick<TodoRow, 'habit_streak' | 'habit_best' | 'habit_freezes' | 'habit_done' | 'habit_through'> {
  const series = seriesOf(row, zone);
  if (!series) {
    return {
      habit_streak: 0,
      habit_best: 0,
      habit_freezes: 0,
      habit_done: 0,
      habit_through: null,
    };
  }
  const yesterday = addDays(today, -1);
  const lastRecord = records.reduce<string | null>(
    (last, record) =>
      last === null || record.occurrence_date > last ? record.occurrence_date : last,
    null,
  );
  let scheduled: string[];
  if (series.from === 'completion') {
    const due = row.due_date;
    scheduled = !row.completed && due !== null && due < today ? [due] : [];
  } else {
    // An ended series has no occurrence after its last record.
    const upTo =
      row.completed && lastRecord !== null && lastRecord < yesterday ? lastRecord : yesterday;
    const dates = records.map((record) => record.occurrence_date);
    const first = dates.reduce<string | undefined>(
      (earliest, date) => (earliest === undefined || date < earliest ? date : earliest),
      undefined,
    );
    scheduled = habitDays(series, first, dates, daysOff, upTo);
  }
  const habit = habitOf({ scheduled, records: records.map(asRecord), daysOff, today });
  return {
    habit_streak: habit.streak,
    habit_best: habit.best,
    habit_freezes: habit.freezes,
    habit_done: habit.done,
    habit_through: lastRecord !== null && lastRecord > yesterday ? lastRecord : yesterday,
  };
}

/** Counts the habit of a written row again, with its records and the user's days off. */
export async function settleHabit(
  db: Kysely<Database>,
  row: TodoRow,
  today: string,
  zone: string,
  daysOff?: readonly DayOffRange[],
): Promise<ReturnType<typeof habitColumns>> {
  const [records, off] = await Promise.all([
    seriesRecords(db, [row.id]),
    daysOff ?? daysOffOf(db, row.user_id),
  ]);
  return habitColumns(row, records, off, today, zone);
}

/**
 * Repeating todos counted in one transaction, at most; fewer when they take longer than a paced
 * batch (`batchPacer`): years of daily records cost milliseconds each.
 */
const SETTLE_BATCH = 10;
const HABIT_COUNTS = ['habit_streak', 'habit_best', 'habit_freezes', 'habit_done'] as const;

/**
 * Whether days off added or removed from `changed.start` to `changed.end` can change this todo's
 * habit: only if one of its records, or one of its occurrences up to yesterday (the habit counts
 * no later one), falls on one of those days.
 */
function touchedBy(
  changed: DayOffRange,
  row: TodoRow,
  records: readonly RecordRow[],
  today: string,
  zone: string,
): boolean {
  if (records.some((record) => isDayOff(record.occurrence_date, [changed]))) {
    return true;
  }
  const yesterday = addDays(today, -1);
  const last = changed.end < yesterday ? changed.end : yesterday;
  const series = seriesOf(row, zone);
  if (!series || changed.start > last) {
    return false;
  }
  const next = series.from === 'completion' ? row.due_date : firstOnOrAfter(series, changed.start);
  return next !== null && next >= changed.start && next <= last;
}

/**
 * Counts the habit of the user's repeating todos again: days off changed (an occurrence on a day
 * off neither breaks nor extends a streak), or, without `changed`, anything did (a restore). With
 * the days off added or removed as `changed`, only the habits they can change are counted, so
 * days off ahead cost nothing.
 *
 * Called after the change has committed, never inside its transaction: each batch of todos is
 * read, counted and written in a short transaction of its own, and the work yields only between
 * them (ADR 0022), so on SQLite no other request waits for more than one batch. On PostgreSQL the
 * batch's rows are locked while they are counted, so a completion that commits meanwhile is
 * either seen or waits, and counts its own habit after. A crash between the change and the count
 * leaves habits one count behind until the next one; the change itself is kept.
 */
export async function resettleHabits(
  db: Kysely<Database>,
  userId: string,
  today: string,
  zone: string,
  changed?: DayOffRange,
): Promise<void> {
  const ids = await db
    .selectFrom('todos')
    .select('id')
    .where('user_id', '=', userId)
    .where('repeat_rule', 'is not', null)
    .orderBy('id')
    .execute();
  const pause = slicer();
  const pace = batchPacer(SETTLE_BATCH);
  for (let start = 0; start < ids.length;) {
    await pause();
    const batch = ids.slice(start, start + pace.size()).map((row) => row.id);
    start += batch.length;
    const began = performance.now();
    await db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('todos')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', 'in', batch);
      if (isPostgres<Database>(trx)) {
        query = query.forUpdate();
      }
      const [rows, daysOff, records] = await Promise.all([
        query.execute(),
        daysOffOf(trx, userId),
        seriesRecords(trx, batch),
      ]);
      const recordsOf = new Map<string, RecordRow[]>();
      for (const record of records) {
        const own = recordsOf.get(record.todo_id);
        if (own) {
          own.push(record);
        } else {
          recordsOf.set(record.todo_id, [record]);
        }
      }
      for (const row of rows) {
        // A todo made one-off since the list was read has no habit to count.
        if (row.repeat_rule === null) {
          continue;
        }
        const own = recordsOf.get(row.id) ?? [];
        if (changed && !touchedBy(changed, row, own, today, zone)) {
          continue;
        }
        const columns = habitColumns(row, own, daysOff, today, zone);
        const unchanged =
          row.habit_through === columns.habit_through &&
          HABIT_COUNTS.every((column) => Number(row[column]) === columns[column]);
        if (!unchanged) {
          await trx
            .updateTable('todos')
            .set(columns)
            .where('id', '=', row.id)
            .where('user_id', '=', userId)
            .execute();
        }
      }
    });
    pace.took(batch.length, performance.now() - began);
  }
}

/**
 * The habit as of today: the one kept on the row, with the occurrences since it was counted
 * applied (all of them unrecorded, or the row would have been written). Days off are read only
 * when a missed occurrence could change something.
 */
export async function currentHabit(
  row: TodoRow,
  today: string,
  zone: string,
  daysOff: () => Promise<readonly DayOffRange[]>,
): Promise<Habit | null> {
  const series = seriesOf(row, zone);
  if (!series) {
    return null;
  }
  const kept: Habit = {
    streak: Number(row.habit_streak),
    best: Number(row.habit_best),
    freezes: Number(row.habit_freezes),
    done: Number(row.habit_done),
  };
  const through = row.habit_through ?? addDays(series.start, -1);
  const yesterday = addDays(today, -1);
  if (row.completed || through >= yesterday || (kept.streak === 0 && kept.freezes === 0)) {
    return kept;
  }
  const since = addDays(through, 1);
  if (series.from === 'completion') {
    const due = row.due_date;
    return due !== null && due >= since && due <= yesterday
      ? habitOf({ scheduled: [due], records: [], daysOff: await daysOff(), today, start: kept })
      : kept;
  }
  const first = firstOnOrAfter(series, since);
  if (first === null || first > yesterday) {
    return kept;
  }
  // Only the first misses since can change it (habitDays).
  const off = await daysOff();
  const scheduled = habitDays(series, since, [], off, yesterday);
  return habitOf({ scheduled, records: [], daysOff: off, today, start: kept });
}

/** The habit of each todo as of today: null for one that does not repeat. */
export async function habitsOf(
  db: Kysely<Database>,
  userId: string,
  rows: readonly TodoRow[],
  today: string,
  zone: string,
): Promise<(Habit | null)[]> {
  if (!rows.some((row) => row.repeat_rule !== null)) {
    return rows.map(() => null);
  }
  let daysOff: Promise<readonly DayOffRange[]> | undefined;
  const readDaysOff = () => (daysOff ??= daysOffOf(db, userId));
  return Promise.all(rows.map((row) => currentHabit(row, today, zone, readDaysOff)));
}
