import { slicer } from '../lib/slices';

/** Rows read per query: enough to keep the round trips few, small enough to bound memory. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Reads a table in pages by keyset (docs/data-archive.md): each query starts after the last row
 * of the one before, along an index, so a page costs the same at the start and at the end of a
 * two-year history, and only one page is held at a time.
 */
export async function* keysetPages<Row>(
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
