import { todayIn } from '@daywise/shared';
import { describe, expect, it } from 'vitest';

import { dueBadge } from './due-badges';

const pending = (dueDate: string | null) => ({ dueDate, completed: false });

describe('dueBadge', () => {
  it('marks overdue, today and tomorrow, and nothing further out or undated', () => {
    const today = '2026-11-21';
    expect(dueBadge(pending('2026-11-20'), today)).toBe('Overdue');
    expect(dueBadge(pending('2025-01-01'), today)).toBe('Overdue');
    expect(dueBadge(pending('2026-11-21'), today)).toBe('Due Today');
    expect(dueBadge(pending('2026-11-22'), today)).toBe('Due Tomorrow');
    expect(dueBadge(pending('2026-11-23'), today)).toBeNull();
    expect(dueBadge(pending(null), today)).toBeNull();
  });

  it('gives a finished todo no badge', () => {
    expect(dueBadge({ dueDate: '2026-11-20', completed: true }, '2026-11-21')).toBeNull();
  });

  it('rolls over months and years', () => {
    expect(dueBadge(pending('2026-12-01'), '2026-11-30')).toBe('Due Tomorrow');
    expect(dueBadge(pending('2027-01-01'), '2026-12-31')).toBe('Due Tomorrow');
    expect(dueBadge(pending('2026-12-31'), '2027-01-01')).toBe('Overdue');
  });

  it('counts days in the user’s time zone at the day boundary', () => {
    const todo = pending('2026-11-22');
    // 04:30 UTC on the 22nd: still the 21st in New York and Los Angeles, the 22nd in Berlin.
    const instant = new Date('2026-11-22T04:30:00Z');
    expect(dueBadge(todo, todayIn('America/New_York', instant))).toBe('Due Tomorrow');
    expect(dueBadge(todo, todayIn('America/Los_Angeles', instant))).toBe('Due Tomorrow');
    expect(dueBadge(todo, todayIn('Europe/Berlin', instant))).toBe('Due Today');
    // 23:59 and 00:00 in Tokyo, a minute apart.
    expect(dueBadge(todo, todayIn('Asia/Tokyo', new Date('2026-11-21T14:59:00Z')))).toBe(
      'Due Tomorrow',
    );
    expect(dueBadge(todo, todayIn('Asia/Tokyo', new Date('2026-11-21T15:00:00Z')))).toBe(
      'Due Today',
    );
    // Kiritimati (UTC+14) is already a day past it while Samoa-side Pago Pago (UTC-11) is not.
    const late = new Date('2026-11-22T10:00:00Z');
    expect(dueBadge(todo, todayIn('Pacific/Kiritimati', late))).toBe('Overdue');
    expect(dueBadge(todo, todayIn('Pacific/Pago_Pago', late))).toBe('Due Tomorrow');
  });
});
