import { useSyncExternalStore } from 'react';

/**
 * Code split from the first load (ADR 0018), fetched on first use and kept: every caller shares
 * one fetch, a failed fetch is forgotten so the next call tries again, `loaded()` gives the
 * module once it is here (so a caller can use it at once, without a frame's wait), and
 * `prefetchOnceActive()` fetches it ahead of use, once the user is there.
 */
export interface LoadOnce<T> {
  load: () => Promise<T>;
  loaded: () => T | undefined;
  /**
   * Starts the fetch when the browser is next idle after the user's first move, touch, key or
   * scroll: a page that is only looked at (or measured) does not build code nobody has asked for
   * while it loads (ADR 0018, Code fetched on first use). Returns the cancel for an effect's
   * clean-up.
   */
  prefetchOnceActive: () => () => void;
  /** Calls `watcher` once the code is here (to redraw what waits for it); answers the cancel. */
  watch: (watcher: () => void) => () => void;
}

/** What tells that the user is there: any of these, on the window. */
const ACTIVITY_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'scroll', 'focusin'] as const;

export function loadOnce<T>(fetchModule: () => Promise<T>): LoadOnce<T> {
  let loading: Promise<T> | undefined;
  let value: T | undefined;
  const watchers = new Set<() => void>();
  const load = () =>
    (loading ??= fetchModule().then(
      (result) => {
        value = result;
        watchers.forEach((watcher) => watcher());
        return result;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return {
    load,
    loaded: () => value,
    watch: (watcher) => {
      watchers.add(watcher);
      return () => {
        watchers.delete(watcher);
      };
    },
    prefetchOnceActive() {
      let cancelIdle: () => void = () => undefined;
      const start = () => void load().catch(() => undefined);
      const whenIdle = () => {
        stopListening();
        if (typeof window.requestIdleCallback === 'function') {
          const handle = window.requestIdleCallback(start, { timeout: 2000 });
          cancelIdle = () => window.cancelIdleCallback(handle);
        } else {
          const timer = window.setTimeout(start, 0);
          cancelIdle = () => window.clearTimeout(timer);
        }
      };
      const stopListening = () =>
        ACTIVITY_EVENTS.forEach((type) => window.removeEventListener(type, whenIdle, true));
      ACTIVITY_EVENTS.forEach((type) =>
        window.addEventListener(type, whenIdle, { capture: true, passive: true }),
      );
      return () => {
        stopListening();
        cancelIdle();
      };
    },
  };
}

/**
 * The code, once here, for a component that draws it: redrawn when it comes, and nothing while
 * the page is drawn on the server or hydrated, as the server had nothing.
 */
export function useLoaded<T>(code: LoadOnce<T>): T | undefined {
  return useSyncExternalStore(code.watch, code.loaded, () => undefined);
}
