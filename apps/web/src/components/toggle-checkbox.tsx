import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { withMinimumDuration } from '../lib/toast';

/** A toggle shows its busy indicator for at least 300 ms. */
export const TOGGLE_BUSY_MS = 300;

interface ToggleCheckboxProps {
  /** The saved state. */
  checked: boolean;
  /** What the box does for a screen reader: 'Mark "Call mum" as completed'. */
  label: string;
  /** Saves the new state; rejects when the server refused (the caller has rolled back). */
  onToggle: (checked: boolean) => Promise<unknown>;
  /**
   * Names the item across lists ('todo:42'): when a toggle moves the row (Pending to
   * Completed), the box of the same item in its new list takes the keyboard focus.
   */
  focusKey?: string;
}

/** How long after a toggle the item's box in its new list may take the focus back. */
const REFOCUS_WINDOW_MS = 5000;

/**
 * The item whose box had the focus when it was toggled. The row moves lists when the lists are
 * read again, after the save: a box mounting under this key within the window, while the focus
 * is lost (on <body>) or on the old copy of the box, takes it (WCAG 2.4.3).
 */
let refocus: { key: string; until: number } | null = null;

/**
 * Puts the focus on the item's box (after an Undo in a toast, whose button goes away), and on its
 * copy in the other list if the item moves there within the window.
 */
export function focusToggle(focusKey: string): void {
  refocus = { key: focusKey, until: Date.now() + REFOCUS_WINDOW_MS };
  const box = document.querySelector<HTMLElement>(`[data-focus-key="${focusKey}"]`);
  box?.focus();
  // The focus leaves the toast's Undo here, and the toaster hands it back to wherever it was
  // before the toast took it (inside a dialog, its Close button). Once out of the toaster, the
  // focus stays on the box.
  if (box && document.activeElement !== box) {
    box.focus();
  }
}

/**
 * The checkbox of a todo or a plan task: it follows the click at once, shows a busy
 * spinner while saving (at least 300 ms) and takes no second click meanwhile; the saved state
 * decides once the change settles.
 */
export function ToggleCheckbox({ checked, label, onToggle, focusKey }: ToggleCheckboxProps) {
  const [clicked, setClicked] = useState<boolean | null>(null);
  const busy = clicked !== null;
  const input = useRef<HTMLInputElement>(null);
  // A save may settle after the row is gone (the list moved on, the page closed): nothing is left
  // to update then.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    const active = document.activeElement as HTMLElement | null;
    // Lost, or still on the old copy of this box (the new list may arrive before the old one).
    const lost =
      active === null || active === document.body || active.dataset.focusKey === focusKey;
    if (refocus && refocus.key === focusKey && Date.now() < refocus.until && lost) {
      refocus = null;
      input.current?.focus();
    }
  }, [focusKey]);

  const flip = async () => {
    if (busy) {
      return;
    }
    const hadFocus = input.current !== null && document.activeElement === input.current;
    if (hadFocus && focusKey !== undefined) {
      refocus = { key: focusKey, until: Date.now() + REFOCUS_WINDOW_MS };
    }
    setClicked(!checked);
    try {
      await withMinimumDuration(onToggle(!checked), TOGGLE_BUSY_MS);
    } catch {
      // Rolled back and reported by the caller.
    }
    if (!mounted.current) {
      return;
    }
    setClicked(null);
    // A rollback re-renders the row where it was: give it back the focus it had.
    if (hadFocus && input.current?.isConnected && document.activeElement === document.body) {
      input.current.focus();
    }
  };

  return (
    <span className="relative mt-0.5 flex size-5 shrink-0 items-center justify-center">
      <input
        type="checkbox"
        ref={input}
        data-focus-key={focusKey}
        checked={clicked ?? checked}
        // aria-disabled, not disabled: a disabled box drops the keyboard focus to <body>.
        aria-disabled={busy}
        onChange={() => void flip()}
        aria-label={label}
        className="size-5 rounded border-gray-300 accent-blue-600 aria-disabled:opacity-40"
      />
      {busy && (
        <Loader2
          aria-label="Saving"
          className="pointer-events-none absolute size-5 animate-spin text-blue-600"
        />
      )}
    </span>
  );
}
