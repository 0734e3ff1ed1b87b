import { useSyncExternalStore } from 'react';

import { ApiClientError } from './api-client';
import { dismissToast, notify, undoAction } from './toast';

/** A delete the user may still take back (docs/product/todos.md, "Undo"). */
export interface DeleteLater<TItem, TResult> {
  /** The kind of item, naming its list: 'todo', 'plan-task'. */
  scope: string;
  id: string;
  /** The item as it was, for the counters that leave it out while it waits. */
  item: TItem;
  /** The server's DELETE; `keepalive` when it must outlive the page. */
  send: (keepalive: boolean) => Promise<TResult>;
  succeeded: string;
  failed: string;
  /**
   * The server deleted it (`undefined` when it was already gone): take it out of the cached
   * lists, so that it stays gone once it is no longer hidden.
   */
  onDeleted: (result: TResult | undefined) => void;
  /** The server refused: read the lists again (the row is back, shown again). */
  onFailed: () => void;
  /** Undo was pressed: the row is back; give it the focus the toast's button had. */
  onUndone: () => void;
}

interface Entry {
  scope: string;
  item: unknown;
  toastId: string;
  /** Sent: too late for Undo, still hidden until the server answers. */
  sent: boolean;
  commit: (keepalive: boolean) => void;
}

/**
 * The deletes waiting for their undo window to end, by `scope:id`. They live outside React so a
 * window runs on when its row unmounts; the pages flush theirs when they unmount, and every
 * waiting delete goes out at once on `pagehide` (a closed tab or a reload loses nothing).
 */
const waiting = new Map<string, Entry>();
const snapshots = new Map<string, readonly unknown[]>();
const listeners = new Set<() => void>();
const EMPTY: readonly unknown[] = [];
let listening = false;

function changed(scope: string) {
  snapshots.set(
    scope,
    [...waiting.values()].filter((entry) => entry.scope === scope).map((entry) => entry.item),
  );
  listeners.forEach((listener) => listener());
}

function commitAll(keepalive: boolean, scope?: string) {
  for (const entry of [...waiting.values()]) {
    if (!entry.sent && (scope === undefined || entry.scope === scope)) {
      entry.commit(keepalive);
    }
  }
}

const isGone = (error: unknown) => error instanceof ApiClientError && error.status === 404;

/**
 * Hides the item at once and offers Undo for 5 s; the DELETE goes to the server when the window
 * ends (the toast leaves). Undo within it shows the row again where it was, and the server never heard of it; a
 * refused DELETE shows it again with the failure toast. An item already gone counts as deleted.
 */
export function deleteLater<TItem, TResult>(request: DeleteLater<TItem, TResult>): void {
  const key = `${request.scope}:${request.id}`;
  if (waiting.has(key)) {
    return;
  }
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    window.addEventListener('pagehide', () => commitAll(true));
  }
  const toastId = `undo:${key}`;
  const forget = () => {
    waiting.delete(key);
    changed(request.scope);
  };
  const entry: Entry = {
    scope: request.scope,
    item: request.item,
    toastId,
    sent: false,
    commit: (keepalive) => {
      // Sent already, or taken back with Undo.
      if (entry.sent || waiting.get(key) !== entry) {
        return;
      }
      entry.sent = true;
      dismissToast(toastId);
      request.send(keepalive).then(
        (result) => {
          request.onDeleted(result);
          forget();
        },
        (error: unknown) => {
          if (isGone(error)) {
            request.onDeleted(undefined);
            forget();
            return;
          }
          forget();
          notify.error(request.failed);
          request.onFailed();
        },
      );
    },
  };
  waiting.set(key, entry);
  changed(request.scope);
  notify.success(request.succeeded, {
    id: toastId,
    // The undo window is the toast's time on screen (5 s, TOAST_UNDO_DURATION_MS), which stands
    // still while the user points at it or has the focus in it.
    onGone: () => entry.commit(false),
    action: undoAction(() => {
      const current = waiting.get(key);
      if (!current || current.sent) {
        return;
      }
      forget();
      // After the row is back on screen: the toast's button is about to go.
      setTimeout(request.onUndone, 0);
    }),
  });
}

/** Sends a scope's waiting deletes now (its page is closing); their Undo is withdrawn. */
export function flushDeletes(scope: string): void {
  commitAll(true, scope);
}

/** The items of `scope` hidden while their delete waits or is on its way. */
export function useHiddenItems<TItem>(scope: string): readonly TItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (snapshots.get(scope) ?? EMPTY) as readonly TItem[],
    () => EMPTY as readonly TItem[],
  );
}
