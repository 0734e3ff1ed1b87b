import {
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  sql,
  type SqlBool,
} from 'kysely';

import { slicer } from '../lib/slices';

/** Rows read per query: enough to keep the round trips few, small enough to bound memory. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Reads a table in pages by keyset (docs/data-archive.md): each query starts after the last row
 * of the one before, along an index, so a page costs the same at the start and at the end of a
 * two-year history, and only one page is held at a time.
 */
async function* keysetPages<Row>(
  read: (after: Row | undefined, limit: number) => Promise<Row[]>,
  size = EXPORT_PAGE_SIZE,
): AsyncGenerator<Row[]> {
  let after: Row | undefined;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length > 0) {
      yield rows;
    }
    if (rows.length < size) {
      return;
    }
    after = rows[rows.length - 1];
  }
}

/** A column a keyset orders by, and the field of a row that holds its value. */
export interface KeysetKey<Row> {
  column: string;
  field: keyof Row & string;
}

/** Oldest first, along (…, created_at, id): most tables' order. */
export const OLDEST_FIRST = [
  { column: 'created_at', field: 'created_at' },
  { column: 'id', field: 'id' },
] as const;

/**
 * Rows after `row` in the keys' order, written out as `k1 > v1 or (k1 = v1 and k2 > v2)`, the
 * shape both engines walk along the index.
 */
function afterRow<DB, TB extends keyof DB, Row>(
  eb: ExpressionBuilder<DB, TB>,
  keys: readonly KeysetKey<Row>[],
  row: Row,
): Expression<SqlBool> {
  const [key, ...rest] = keys;
  if (!key) {
    throw new Error('A keyset needs a key');
  }
  const column = sql.ref(key.column);
  const value = row[key.field];
  return rest.length === 0
    ? eb(column, '>', value)
    : eb.or([eb(column, '>', value), eb.and([eb(column, '=', value), afterRow(eb, rest, row)])]);
}

/**
 * The one pager every export reads with: the query's rows in pages of `size`, ordered by `keys`
 * (the last unique among the rows), each page starting after the last row of the one before.
 */
export function queryPages<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  keys: readonly KeysetKey<Row>[],
  size = EXPORT_PAGE_SIZE,
): AsyncGenerator<Row[]> {
  return keysetPages<Row>(async (after, limit) => {
    let page = after === undefined ? query : query.where((eb) => afterRow(eb, keys, after));
    for (const key of keys) {
      page = page.orderBy(sql.ref(key.column));
    }
    return await page.limit(limit).execute();
  }, size);
}

/**
 * The rows of every page, one at a time, in slices of the event loop (ADR 0022): on SQLite a page
 * is read synchronously and awaiting it never lets another request in, so each row first waits
 * for `pause`, which yields once the slice (the reading and whatever the caller did with the rows
 * before) has run its time. Pass one `pause` to every reader of the same export.
 */
export async function* eachRow<Row>(
  pages: AsyncIterable<Row[]>,
  pause = slicer(),
): AsyncGenerator<Row> {
  for await (const page of pages) {
    for (const row of page) {
      await pause();
      yield row;
    }
  }
}
