import { type FilterNode, parseFilter } from '@daywise/shared/filters';
import { type CompiledQuery, type Kysely, sql } from 'kysely';

import { isPostgres } from '../db/column-types';
import type { Database } from '../db/schema';
import { type FilterContext, filterContext, filterWhere } from './compile';
import {
  changedQuery,
  countingQuery,
  everythingQuery,
  IDS,
  type MatchRow,
  WORD_BITS,
  wordCount,
} from './count-statements';

/*
 * How many of the user's open todos each saved filter matches, and which (ADR 0028, 2026-11-28),
 * so that their counts can be kept exactly as todos change: after a write, only the todos it
 * wrote are tested again (`matchChanged`), and each count moves by what they added or took away.
 *
 * Read afresh, the counts are one row (`countEverything`: a `count(*) filter (where …)` each);
 * which todo matches what is read only once a write needs it (`matchEverything`, at the first
 * `matchChanged`, then including that write), as it costs about twice as much. Both are one
 * statement whatever the number of filters. A filter
 * whose todos an index finds (a list, a few days: `findsItsOwn`) gives the ids of its own todos,
 * reading just those; the others are tested together in one pass over the open todos, each
 * todo's matches as bits in a few integers (`WORD_BITS` filters a word, both engines' integers),
 * so that they cost one read of the open todos, not one each.
 *
 * The statements are worked out once (`prepareCounts`: the queries parsed, the names they use
 * looked up, the SQL built, count-statements.ts) and may be run again until the filters, the
 * names or the day change: a change to todos changes only what they answer. When those change,
 * the statements are made again, and a filter whose condition reads as it did keeps its count
 * and its bits (`carryMatches`): only the others are counted (ADR 0028, 2026-11-29).
 */

/** The statements matching some queries, and which filter each query is. */
export interface PreparedCounts {
  /**
   * The filter of each query, in the order of the queries; undefined for a stored query the
   * parser no longer reads (none should: queries are checked when saved), which counts 0 rather
   * than failing the whole sidebar.
   */
  columns: (number | undefined)[];
  /** How many filters parsed: the words of a todo's matches hold one bit each. */
  filters: number;
  /** The count of each filter, `f<n>`, in one row. */
  counting: CompiledQuery<Record<string, unknown>> | undefined;
  /** Every open todo matching a filter, afresh: `ids`, their words `w<n>`, and `f` (below). */
  everything: CompiledQuery<MatchRow> | undefined;
  /** The same, for some todos only: their ids as one parameter, at `idsAt`. */
  changed: CompiledQuery<MatchRow> | undefined;
  idsAt: number;
  /**
   * What each filter means in the user's data, as the SQL of its condition: two plans' filters
   * with the same meaning match the same todos, so their counts and matches carry over from one
   * plan to the next (`carryMatches`) when a name, a filter or the day changes.
   */
  meanings: string[];
  /** What the statements were built from, to count a few filters of the plan apart. */
  source: { userId: string; filters: FilterNode[]; context: FilterContext } | undefined;
}

/** How many open todos each filter matches, and which, once read. */
export interface Matches {
  /**
   * Each todo matching at least one filter, to its words (bit n of word w: filter 30w + n);
   * undefined until a write needs them.
   */
  byTodo: Map<string, number[]> | undefined;
  /** How many todos each filter matches, by filter. */
  counts: number[];
}

/** The statements matching the user's open todos against each query on `today`. */
export async function prepareCounts(
  db: Kysely<Database>,
  userId: string,
  queries: readonly string[],
  today: string,
): Promise<PreparedCounts> {
  const parsed = queries.map((query) => parseFilter(query));
  const filters = parsed.flatMap((result) => (result.ok ? [result.filter] : []));
  let next = 0;
  const columns = parsed.map((result) => (result.ok ? next++ : undefined));
  if (filters.length === 0) {
    return {
      columns,
      filters: 0,
      counting: undefined,
      everything: undefined,
      changed: undefined,
      idsAt: -1,
      meanings: [],
      source: undefined,
    };
  }
  const context = { ...(await filterContext(db, userId, filters, today)), counting: true };
  const changed = changedQuery(db, userId, filters, context).compile();
  return {
    columns,
    filters: filters.length,
    counting: countingQuery(db, userId, filters, context).compile(),
    everything: everythingQuery(db, userId, filters, context).compile(),
    changed,
    idsAt: changed.parameters.indexOf(IDS),
    meanings: filters.map((filter) => meaningOf(db, filter, context)),
    source: { userId, filters, context },
  };
}

/**
 * The SQL of the filter's condition and its parameters: the same exactly when the filter tests
 * the same columns against the same values (the same lists, sections and tags by id; the same
 * days, the ones a date term reads from `today`).
 */
function meaningOf(db: Kysely<Database>, filter: FilterNode, context: FilterContext): string {
  const { sql: text, parameters } = db
    .selectFrom('todos')
    .select(sql<number>`1`.as('one'))
    .where(filterWhere(filter, context))
    .compile();
  return JSON.stringify([text, parameters]);
}

/** How many open todos each filter matches, read afresh; which ones, not yet. */
export async function countEverything(
  db: Kysely<Database>,
  prepared: PreparedCounts,
): Promise<Matches> {
  const row = prepared.counting ? (await db.executeQuery(prepared.counting)).rows[0] : undefined;
  return {
    byTodo: undefined,
    counts: Array.from({ length: prepared.filters }, (_, filter) =>
      Number(row?.[`f${filter}`] ?? 0),
    ),
  };
}

/** Every open todo's matches, read afresh. */
export async function matchEverything(
  db: Kysely<Database>,
  prepared: PreparedCounts,
): Promise<Matches & { byTodo: Map<string, number[]> }> {
  const matches = {
    byTodo: new Map<string, number[]>(),
    counts: new Array<number>(prepared.filters).fill(0),
  };
  if (prepared.everything === undefined) {
    return matches;
  }
  const words = wordCount(prepared.filters);
  for (const row of (await db.executeQuery(prepared.everything)).rows) {
    const found = wordsOf(row, words);
    for (const id of typeof row.ids === 'string' && row.ids !== '' ? row.ids.split(',') : []) {
      const kept = matches.byTodo.get(id);
      matches.byTodo.set(id, kept ? kept.map((word, index) => word | (found[index] ?? 0)) : found);
    }
  }
  for (const found of matches.byTodo.values()) {
    eachBit(found, (filter) => (matches.counts[filter] = (matches.counts[filter] ?? 0) + 1));
  }
  return matches;
}

/**
 * Tests these todos again (written since `matches` was read: created, changed, completed or
 * deleted) and moves the counts by what changed; `matches` is changed in place. Without the
 * matches of every todo (only counted so far), they are read now, this write included.
 */
export async function matchChanged(
  db: Kysely<Database>,
  prepared: PreparedCounts,
  matches: Matches,
  todoIds: readonly string[],
): Promise<void> {
  if (prepared.changed === undefined || todoIds.length === 0) {
    return;
  }
  if (matches.byTodo === undefined) {
    Object.assign(matches, await matchEverything(db, prepared));
    return;
  }
  const byTodo = matches.byTodo;
  const parameters = [...prepared.changed.parameters];
  parameters[prepared.idsAt] = isPostgres(db) ? [...todoIds] : JSON.stringify(todoIds);
  const { rows } = await db.executeQuery<MatchRow>({ ...prepared.changed, parameters });
  const words = wordCount(prepared.filters);
  const now = new Map(rows.map((row) => [row.id, wordsOf(row, words)]));
  for (const id of new Set(todoIds)) {
    const before = byTodo.get(id) ?? new Array<number>(words).fill(0);
    const after = now.get(id) ?? new Array<number>(words).fill(0);
    const moved = before.map((word, index) => word ^ (after[index] ?? 0));
    eachBit(moved, (filter, word, bit) => {
      const gained = ((after[word] ?? 0) & bit) !== 0;
      matches.counts[filter] = (matches.counts[filter] ?? 0) + (gained ? 1 : -1);
    });
    if (after.some((word) => word !== 0)) {
      byTodo.set(id, after);
    } else {
      byTodo.delete(id);
    }
  }
}

/** The counts of the matches, in the order of the queries prepared. */
export function countsOf({ columns }: PreparedCounts, matches: Matches): number[] {
  return columns.map((filter) => (filter === undefined ? 0 : (matches.counts[filter] ?? 0)));
}

/** How many of the user's open todos each query matches, worked out afresh. */
export async function openCounts(
  db: Kysely<Database>,
  userId: string,
  queries: readonly string[],
  today: string,
): Promise<number[]> {
  const prepared = await prepareCounts(db, userId, queries, today);
  return countsOf(prepared, await countEverything(db, prepared));
}

function wordsOf(row: MatchRow, words: number): number[] {
  const found = Array.from({ length: words }, (_, word) => Number(row[`w${word}`] ?? 0));
  const filter = Number(row.f);
  if (filter >= 0) {
    const word = Math.floor(filter / WORD_BITS);
    found[word] = (found[word] ?? 0) | (1 << (filter % WORD_BITS));
  }
  return found;
}

/** Calls `each` with every filter whose bit is set in `words`, its word and its bit. */
function eachBit(
  words: readonly number[],
  each: (filter: number, word: number, bit: number) => void,
): void {
  words.forEach((value, word) => {
    let rest = value;
    while (rest !== 0) {
      const bit = rest & -rest;
      each(word * WORD_BITS + 31 - Math.clz32(bit), word, bit);
      rest ^= bit;
    }
  });
}

/**
 * The matches of `before`'s filters carried over to `plan`'s (planned again after a change to
 * names, filters or the day): a filter meaning what one of `before`'s meant keeps its count and
 * its bits, and only the others are read, in one statement (their todos when the matches are
 * kept, their counts when only counts are). Renaming a list no filter names reads nothing.
 */
export async function carryMatches(
  db: Kysely<Database>,
  before: PreparedCounts,
  matches: Matches,
  plan: PreparedCounts,
): Promise<Matches> {
  const taken = new Set<number>();
  const from = plan.meanings.map((meaning) => {
    const found = before.meanings.findIndex((old, at) => old === meaning && !taken.has(at));
    taken.add(found);
    return found;
  });
  const counts = from.map((old) => (old >= 0 ? (matches.counts[old] ?? 0) : 0));
  const same = from.length === before.filters && from.every((old, index) => old === index);
  const byTodo =
    matches.byTodo === undefined || same ? matches.byTodo : movedBits(matches.byTodo, from);
  const unread = from.flatMap((old, index) => (old < 0 ? [index] : []));
  if (unread.length === 0 || plan.source === undefined) {
    return { byTodo, counts };
  }
  const { userId, filters, context } = plan.source;
  const some = unread.map((index) => filters[index] as FilterNode);
  if (byTodo === undefined) {
    const row = (await countingQuery(db, userId, some, context).execute())[0];
    unread.forEach((index, at) => (counts[index] = Number(row?.[`f${at}`] ?? 0)));
    return { byTodo, counts };
  }
  const words = wordCount(some.length);
  const all = wordCount(plan.filters);
  const { rows } = await db.executeQuery(everythingQuery(db, userId, some, context).compile());
  for (const row of rows) {
    const found = wordsOf(row, words);
    const ids = typeof row.ids === 'string' && row.ids !== '' ? row.ids.split(',') : [];
    eachBit(found, (at) => {
      const index = unread[at] as number;
      const word = Math.floor(index / WORD_BITS);
      const bit = 1 << (index % WORD_BITS);
      for (const id of ids) {
        const kept = byTodo.get(id) ?? new Array<number>(all).fill(0);
        if (((kept[word] ?? 0) & bit) === 0) {
          kept[word] = (kept[word] ?? 0) | bit;
          counts[index] = (counts[index] ?? 0) + 1;
          byTodo.set(id, kept);
        }
      }
    });
  }
  return { byTodo, counts };
}

/** Each todo's bits moved to the filters they are now (`from`: each filter's old one, or -1). */
function movedBits(byTodo: Map<string, number[]>, from: readonly number[]): Map<string, number[]> {
  const to = new Map<number, number[]>();
  from.forEach((old, index) => old >= 0 && to.set(old, [...(to.get(old) ?? []), index]));
  const words = wordCount(from.length);
  const moved = new Map<string, number[]>();
  for (const [id, found] of byTodo) {
    const now = new Array<number>(words).fill(0);
    eachBit(found, (old) => {
      for (const index of to.get(old) ?? []) {
        const word = Math.floor(index / WORD_BITS);
        now[word] = (now[word] ?? 0) | (1 << (index % WORD_BITS));
      }
    });
    if (now.some((word) => word !== 0)) {
      moved.set(id, now);
    }
  }
  return moved;
}

/**
 * Counted afresh, to bound what a lost message could have left behind (filters/kept-counts.ts):
 * when every count is what was kept, the matches are kept too, so that the next write stays
 * cheap; otherwise the fresh counts, and the matches read again at the next write. One todo
 * tested wrongly moves at least one count, so a single lost message is always caught.
 */
export async function recountMatches(
  db: Kysely<Database>,
  plan: PreparedCounts,
  matches: Matches,
): Promise<Matches> {
  const fresh = await countEverything(db, plan);
  const same = fresh.counts.every((count, filter) => count === matches.counts[filter]);
  return same && matches.byTodo !== undefined ? matches : fresh;
}
