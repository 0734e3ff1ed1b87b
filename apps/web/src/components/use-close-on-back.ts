import { useEffect, useId, useRef } from 'react';

/** The key, in a history entry's state, of the dialogs open at that entry (outermost first). */
const DIALOGS_KEY = 'daywiseDialogs';

function dialogsAt(state: unknown): string[] {
  const dialogs = (state as Record<string, unknown> | null)?.[DIALOGS_KEY];
  return Array.isArray(dialogs) ? (dialogs as string[]) : [];
}

function pushEntry(id: string): void {
  const state = (window.history.state ?? {}) as Record<string, unknown>;
  window.history.pushState({ ...state, [DIALOGS_KEY]: [...dialogsAt(state), id] }, '');
}

const mounted = new Set<string>();
let removal: ReturnType<typeof setTimeout> | undefined;

/**
 * Takes the entries of dialogs that closed without Back off the history, a task after they
 * closed: by then a dialog that React's development double effect closed and opened at once is
 * open again and keeps its entry, and dialogs that closed together (a confirmation and the dialog
 * behind it) go in one step.
 */
function scheduleRemoval(): void {
  removal ??= setTimeout(() => {
    removal = undefined;
    const dialogs = dialogsAt(window.history.state);
    let closed = 0;
    while (closed < dialogs.length && !mounted.has(dialogs[dialogs.length - 1 - closed] ?? '')) {
      closed += 1;
    }
    if (closed > 0) {
      window.history.go(-closed);
    }
  });
}

/**
 * The browser's Back closes an open dialog instead of leaving the page
 * (docs/product/README.md#offline-load-failures-and-back-ours).
 * Opening pushes a history entry at the same address, marked with the dialog; Back returns to
 * the entry before it and the dialog closes, leaving the page and what is typed on it as they
 * were (the router sees a visit to the same address and renders the same page). While `busy`
 * (a save running) Back does not close it: the entry is pushed again. A dialog closed otherwise
 * takes its entry back off, so that a later Back does not seem to do nothing; after a navigation
 * away the current entry is the new page's and nothing is taken off.
 */
export function useCloseOnBack(close: () => void, busy: boolean): void {
  const id = useId();
  const latest = useRef({ close, busy });
  useEffect(() => {
    latest.current = { close, busy };
  });

  useEffect(() => {
    mounted.add(id);
    if (!dialogsAt(window.history.state).includes(id)) {
      pushEntry(id);
    }
    const onPopState = (event: PopStateEvent) => {
      if (dialogsAt(event.state).includes(id)) {
        return;
      }
      if (latest.current.busy) {
        pushEntry(id);
      } else {
        latest.current.close();
      }
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      mounted.delete(id);
      scheduleRemoval();
    };
  }, [id]);
}
