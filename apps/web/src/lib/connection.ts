import { useSyncExternalStore } from 'react';

/**
 * Whether Daywise can be reached (docs/product/README.md#offline-load-failures-and-back-ours):
 * not when the browser says it is offline, or when the last request to the API never got an
 * answer. The next answer, or the browser's 'online' event, clears the second.
 */
let unreachable = false;
const listeners = new Set<() => void>();

function setUnreachable(value: boolean): void {
  if (unreachable !== value) {
    unreachable = value;
    listeners.forEach((listener) => listener());
  }
}

/** Called by the API client: whether a request got an answer (any status) or none at all. */
export function reportReachable(reached: boolean): void {
  setUnreachable(!reached);
}

function subscribe(listener: () => void): () => void {
  const online = () => {
    unreachable = false;
    listener();
  };
  listeners.add(listener);
  window.addEventListener('online', online);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', online);
    window.removeEventListener('offline', listener);
  };
}

const isOffline = () => !navigator.onLine || unreachable;

/** True while the browser is offline or the API cannot be reached; false when prerendering. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
