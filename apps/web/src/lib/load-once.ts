/**
 * Code split from the first load (ADR 0018), fetched on first use and kept: every caller shares
 * one fetch, a failed fetch is forgotten so the next call tries again, `loaded()` gives the
 * module once it is here (so a caller can use it at once, without a frame's wait), and
 * `prefetchWhenIdle()` fetches it while the browser has nothing else to do.
 */
export interface LoadOnce<T> {
  load: () => Promise<T>;
  loaded: () => T | undefined;
  /** Starts the fetch when the browser is idle; returns the cancel for an effect's clean-up. */
  prefetchWhenIdle: () => () => void;
}

export function loadOnce<T>(fetchModule: () => Promise<T>): LoadOnce<T> {
  let loading: Promise<T> | undefined;
  let value: T | undefined;
  const load = () =>
    (loading ??= fetchModule().then(
      (result) => (value = result),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return {
    load,
    loaded: () => value,
    prefetchWhenIdle() {
      const start = () => void load().catch(() => undefined);
      if (typeof window.requestIdleCallback === 'function') {
        const handle = window.requestIdleCallback(start, { timeout: 10_000 });
        return () => window.cancelIdleCallback(handle);
      }
      const timer = window.setTimeout(start, 3000);
      return () => window.clearTimeout(timer);
    },
  };
}
