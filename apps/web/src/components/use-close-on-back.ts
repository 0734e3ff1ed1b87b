import { type MouseEvent, useCallback, useEffect, useId, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

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
/** Settles once the entries of dialogs just closed without Back are off the history. */
let removal: Promise<void> | undefined;
/** Settles when the history steps back that this module asked for have been taken. */
let traversal: Promise<void> | undefined;

/** Runs `step` once no step back asked for here is still on its way (they are asynchronous). */
function afterTraversal(step: () => void): void {
  if (traversal) {
    void traversal.then(step);
  } else {
    step();
  }
}

function goBack(entries: number): void {
  traversal = new Promise((resolve) => {
    window.addEventListener(
      'popstate',
      () => {
        traversal = undefined;
        resolve();
      },
      { once: true },
    );
  });
  window.history.go(-entries);
}

/**
 * Takes the entries of dialogs that closed without Back off the history, a task after they
 * closed: by then a dialog that React's development double effect closed and opened at once is
 * open again and keeps its entry, and dialogs that closed together (a confirmation and the dialog
 * behind it) go in one step.
 */
function scheduleRemoval(): void {
  removal ??= new Promise((resolve) => {
    // A page the user asked for meanwhile (an address typed, a reload) would be cancelled by the
    // step back (net::ERR_ABORTED): once the page is being left, nothing is taken off.
    let leaving = false;
    const onLeave = () => {
      leaving = true;
    };
    window.addEventListener('beforeunload', onLeave);
    setTimeout(() => {
      afterTraversal(() => {
        window.removeEventListener('beforeunload', onLeave);
        removal = undefined;
        const dialogs = dialogsAt(window.history.state);
        let closed = 0;
        while (
          closed < dialogs.length &&
          !mounted.has(dialogs[dialogs.length - 1 - closed] ?? '')
        ) {
          closed += 1;
        }
        if (closed > 0 && !leaving) {
          goBack(closed);
        }
        resolve();
      });
    });
  });
}

/**
 * Runs `step` once the history entries of dialogs that just closed are off the history. A page
 * pushed before then would be undone by the step back that takes them off: a shortcut to another
 * page pressed right after Escape closed a dialog landed back on the page behind the dialog.
 */
function afterDialogsLeft(step: () => void): void {
  if (removal) {
    void removal.then(() => afterTraversal(step));
  } else {
    afterTraversal(step);
  }
}

/** React Router's `navigate`, for navigations that may come just after a dialog closed. */
export function useNavigateAfterDialogs(): (to: string) => void {
  const navigate = useNavigate();
  return useCallback((to: string) => afterDialogsLeft(() => void navigate(to)), [navigate]);
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
    let open = true;
    let pushed = false;
    // A task later, after what the page does as the dialog opens with it (the todos page drops
    // its 'open the dialog' navigation state with a replace, which would overwrite this entry),
    // and after the entry of a dialog closed just before has been taken off.
    const push = setTimeout(() => {
      afterTraversal(() => {
        if (open) {
          if (!dialogsAt(window.history.state).includes(id)) {
            pushEntry(id);
          }
          pushed = true;
        }
      });
    });
    const onPopState = (event: PopStateEvent) => {
      if (!pushed || dialogsAt(event.state).includes(id)) {
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
      open = false;
      clearTimeout(push);
      window.removeEventListener('popstate', onPopState);
      mounted.delete(id);
      scheduleRemoval();
    };
  }, [id]);
}

/**
 * useCloseOnBack for a dialog that Radix mounts itself: rendered inside its content, which exists
 * only while the dialog is open.
 */
export function CloseOnBack({ onClose, busy = false }: { onClose: () => void; busy?: boolean }) {
  useCloseOnBack(onClose, busy);
  return null;
}

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The click handler of a link inside a dialog (the phone's navigation menu). The dialog's history
 * entry is taken off first and the new page pushed after it, so Back from the new page returns to
 * the page behind the dialog rather than to an entry where Back seems to do nothing; a link to the
 * page already shown only closes the dialog. `onFollow` closes the dialog. A click that opens a
 * new tab or window is left to the browser.
 */
export function useDialogLinkClick(onFollow: () => void) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (event: MouseEvent<HTMLAnchorElement>, to: string) => {
    onFollow();
    const dialogs = dialogsAt(window.history.state).length;
    if (!isPlainClick(event) || dialogs === 0) {
      return;
    }
    event.preventDefault();
    goBack(dialogs);
    if (to !== pathname) {
      afterTraversal(() => void navigate(to));
    }
  };
}
