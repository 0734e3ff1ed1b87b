import { useCallback, useSyncExternalStore } from 'react';

/**
 * The todos whose subtasks this tab shows, by id. Kept outside the rows so that a row drawn anew
 * (completed, it moves to Completed Tasks; moved, into another section) stays open as it was.
 * For this tab's life only: a new page opens with every row closed, as the server draws it.
 */
const expanded = new Set<string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether a todo's subtasks show, and a setter for it. */
export function useExpanded(id: string): [boolean, (open: boolean) => void] {
  const open = useSyncExternalStore(
    subscribe,
    () => expanded.has(id),
    () => false,
  );
  const set = useCallback(
    (next: boolean) => {
      if (next) {
        expanded.add(id);
      } else {
        expanded.delete(id);
      }
      listeners.forEach((listener) => listener());
    },
    [id],
  );
  return [open, set];
}
