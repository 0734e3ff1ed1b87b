import { describe, expect, it } from 'vitest';

import { formatDayCount } from './format';

describe('formatDayCount', () => {
  it('says day for one and days otherwise', () => {
    expect(formatDayCount(0)).toBe('0 days');
    expect(formatDayCount(1)).toBe('1 day');
    expect(formatDayCount(2)).toBe('2 days');
    expect(formatDayCount(1200)).toBe('1,200 days');
  });
});
