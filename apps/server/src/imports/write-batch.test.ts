import { describe, expect, it } from 'vitest';

import type { ImportItem } from './parsed-import';
import { importBatches } from './write-batch';

/** An item bringing `occurrences` archived occurrence records (only what batching reads). */
const item = (row: number, occurrences = 0) =>
  ({
    row,
    original: occurrences > 0 ? { occurrences: Array.from({ length: occurrences }) } : undefined,
  }) as unknown as ImportItem;

/** The batches as the rows they hold, and where each starts. */
const shape = (items: ImportItem[], size: number, records = 500) =>
  [
    ...importBatches(
      items,
      () => size,
      () => records,
    ),
  ].map(({ first, batch }) => ({
    first,
    rows: batch.map((i) => i.row),
  }));

describe('importBatches', () => {
  it('cuts plain items every `size`, the last batch holding the rest', () => {
    expect(
      shape(
        [1, 2, 3, 4, 5].map((row) => item(row)),
        2,
      ),
    ).toEqual([
      { first: 0, rows: [1, 2] },
      { first: 2, rows: [3, 4] },
      { first: 4, rows: [5] },
    ]);
  });

  it('never lets a batch pass its room for records: an item that would closes the batch first', () => {
    // Two habits of 450 days each: one transaction apiece, not 900 records in one (ADR 0022).
    expect(shape([item(1, 450), item(2, 450), item(3), item(4, 40)], 10)).toEqual([
      { first: 0, rows: [1] },
      { first: 1, rows: [2, 3, 4] },
    ]);
  });

  it('gives an item with more records than the room a batch of its own', () => {
    expect(shape([item(1), item(2, 800), item(3)], 10)).toEqual([
      { first: 0, rows: [1] },
      { first: 1, rows: [2] },
      { first: 2, rows: [3] },
    ]);
    // The room paced down to 100 records: a 450-day habit's records follow it (habit-history.ts).
    expect(shape([item(1, 30), item(2, 60), item(3, 450), item(4, 10)], 10, 100)).toEqual([
      { first: 0, rows: [1, 2] },
      { first: 2, rows: [3] },
      { first: 3, rows: [4] },
    ]);
  });

  it('asks for the size and the room as each batch starts, and hands the room on', () => {
    const sizes = [1, 3, 10];
    const rooms = [1, 200, 40];
    const batches = [
      ...importBatches(
        [1, 2, 3, 4, 5, 6].map((row) => item(row)),
        () => sizes.shift() ?? 1,
        () => rooms.shift() ?? 1,
      ),
    ];
    expect(batches.map(({ batch, room }) => [batch.length, room])).toEqual([
      [1, 1],
      [3, 200],
      [2, 40],
    ]);
  });

  it('answers no batch for no items', () => {
    expect([
      ...importBatches(
        [],
        () => 10,
        () => 500,
      ),
    ]).toEqual([]);
  });
});
