import { expect } from 'vitest';

/**
 * A streak badge draws its flame and snowflake as icons: emoji show as empty boxes on a system
 * without an emoji font.
 */
export function expectDrawnStreakIcons(badge: HTMLElement): void {
  expect(badge.textContent).not.toMatch(/🔥|❄/u);
  expect(badge.querySelector('svg.lucide-flame')).not.toBeNull();
  expect(badge.querySelector('svg.lucide-snowflake')).not.toBeNull();
}
