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
const shape = (items: ImportItem[], size: number) =>
  [...importBatches(items, () => size)].map(({ first, batch }) => ({
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

  it('never lets a batch pass 500 occurrences: an item that would closes the batch first', () => {
    // Two habits of 450 days each: one transaction apiece, not 900 records in one (ADR 0022).
    expect(shape([item(1, 450), item(2, 450), item(3), item(4, 40)], 10)).toEqual([
      { first: 0, rows: [1] },
      { first: 1, rows: [2, 3, 4] },
    ]);
  });

  it('gives an item with more than 500 occurrences a batch of its own', () => {
    expect(shape([item(1), item(2, 800), item(3)], 10)).toEqual([
      { first: 0, rows: [1] },
      { first: 1, rows: [2] },
      { first: 2, rows: [3] },
    ]);
  });

  it('asks for the size as each batch starts', () => {
    const sizes = [1, 3, 10];
    const batches = [
      ...importBatches(
        [1, 2, 3, 4, 5, 6].map((row) => item(row)),
        () => sizes.shift() ?? 1,
      ),
    ];
    expect(batches.map(({ batch }) => batch.length)).toEqual([1, 3, 2]);
  });

  it('answers no batch for no items', () => {
    expect([...importBatches([], () => 10)]).toEqual([]);
  });
});
