import { describe, expect, it } from 'vitest';

import { batchPacer, PACED_BATCH_MS, slicer } from './slices';

describe('slicer', () => {
  it('lets work go on while the slice has time, and waits for the next turn once it is spent', async () => {
    expect(slicer(60_000)()).toBeUndefined();
    const spent = slicer(0);
    const first = spent();
    expect(first).toBeInstanceOf(Promise);
    await first;
    // Resumed, the job did its step; its next call waits again rather than taking a second step.
    expect(spent()).toBeInstanceOf(Promise);
  });
});

describe('batchPacer', () => {
  it('starts with one item, then takes as many as fit in a paced batch at the cost seen', () => {
    const pace = batchPacer(50);
    expect(pace.size()).toBe(1);
    pace.took(1, PACED_BATCH_MS / 4);
    expect(pace.size()).toBe(4);
    // Heavier items shrink the next batch at once.
    pace.took(4, PACED_BATCH_MS * 4 * 1.75);
    expect(pace.size()).toBe(1);
  });

  it('never goes past its most, nor below one item', () => {
    const pace = batchPacer(50);
    pace.took(10, 0);
    expect(pace.size()).toBe(50);
    const slow = batchPacer(50);
    slow.took(1, 10_000);
    expect(slow.size()).toBe(1);
  });
});
