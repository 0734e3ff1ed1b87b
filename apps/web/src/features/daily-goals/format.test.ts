import { describe, expect, it } from 'vitest';

import { formatDayCount, performanceTone } from './format';

describe('formatDayCount', () => {
  it('says day for one and days otherwise', () => {
    expect(formatDayCount(0)).toBe('0 days');
    expect(formatDayCount(1)).toBe('1 day');
    expect(formatDayCount(2)).toBe('2 days');
    expect(formatDayCount(1200)).toBe('1,200 days');
  });
});

describe('performanceTone', () => {
  it.each([
    [100, 'good'],
    [80, 'good'],
    [79, 'fair'],
    [50, 'fair'],
    [49, 'poor'],
    [0, 'poor'],
  ] as const)('calls %i%% %s (PERFORMANCE_THRESHOLDS)', (percentage, tone) => {
    expect(performanceTone(percentage)).toBe(tone);
  });
});
