import { useEffect, useRef } from 'react';

/**
 * A page's own 'Quick add' button (a list page's) opens the header's quick add, which knows the
 * page's list (app/dashboard-layout-shortcuts.tsx): one dialog, one way to open it.
 */
const listeners = new Set<() => void>();

export function requestQuickAdd(): void {
  listeners.forEach((listener) => listener());
}

/** Opens quick add with `open` when a page asks (the header holds the dialog). */
export function useQuickAddRequests(open: () => void): void {
  const latest = useRef(open);
  useEffect(() => {
    latest.current = open;
  });
  useEffect(() => {
    const listener = () => latest.current();
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}
