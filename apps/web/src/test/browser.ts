import { vi } from 'vitest';

/** A browser whose colour scheme query answers `matches` (light by default) and never changes. */
export function stubMatchMedia(matches = false): void {
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
}

/** jsdom has no ResizeObserver; Radix's switch measures itself with one. */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
