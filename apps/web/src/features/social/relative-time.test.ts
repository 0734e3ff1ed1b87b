import { describe, expect, it } from 'vitest';

import { formatRelativeTime } from './relative-time';

const NOW = new Date('2026-11-21T12:00:00.000Z').getTime();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => formatRelativeTime(new Date(NOW - ms).toISOString(), NOW);

describe('formatRelativeTime', () => {
  it.each([
    [0, 'Just now'],
    [59 * SECOND, 'Just now'],
    [60 * SECOND, '1m ago'],
    [59 * MINUTE + 59 * SECOND, '59m ago'],
    [HOUR, '1h ago'],
    [23 * HOUR + 59 * MINUTE, '23h ago'],
    [DAY, '1d ago'],
    [7 * DAY - SECOND, '6d ago'],
  ])('%i ms ago reads %s', (elapsed, expected) => {
    expect(ago(elapsed)).toBe(expected);
  });

  it('gives the full date from 7 days on', () => {
    expect(ago(7 * DAY)).toBe('Nov 14, 2026');
    expect(ago(400 * DAY)).toBe('Oct 17, 2025');
  });

  it('reads a time slightly in the future (clock skew) as just now', () => {
    expect(ago(-5 * SECOND)).toBe('Just now');
  });
});
