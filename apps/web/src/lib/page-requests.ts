import { useEffect, useRef } from 'react';

/**
 * What a page asks of the signed-in shell, which holds the one dialog that answers it (a list
 * page's Quick add, a todo page's 'Save as filter'): one dialog, one way to open it.
 */
export interface PageRequests<T> {
  listeners: Set<(value: T) => void>;
  request: (value: T) => void;
}

export function pageRequests<T = void>(): PageRequests<T> {
  const listeners = new Set<(value: T) => void>();
  return { listeners, request: (value) => listeners.forEach((listener) => listener(value)) };
}

/** Answers `requests` with `handle` while the component that holds the dialog is there. */
export function usePageRequests<T>(requests: PageRequests<T>, handle: (value: T) => void): void {
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });
  useEffect(() => {
    const listener = (value: T) => latest.current(value);
    requests.listeners.add(listener);
    return () => {
      requests.listeners.delete(listener);
    };
  }, [requests]);
}

/**
 * A todo page's 'Save as filter' (features/todos) opens the saved filters' New filter dialog
 * (features/filters) with its query: the shell holds the dialog (app/dashboard-layout.tsx).
 */
export const saveAsFilterRequests = pageRequests<string>();
