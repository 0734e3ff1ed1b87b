import { Loader2 } from 'lucide-react';
import { useState } from 'react';

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
}

/**
 * The checkbox of a todo or a plan task: it follows the click at once, shows a busy
 * spinner while saving (at least 300 ms) and takes no second click meanwhile; the saved state
 * decides once the change settles.
 */
export function ToggleCheckbox({ checked, label, onToggle }: ToggleCheckboxProps) {
  const [clicked, setClicked] = useState<boolean | null>(null);
  const busy = clicked !== null;

  const flip = async () => {
    setClicked(!checked);
    try {
      await withMinimumDuration(onToggle(!checked), TOGGLE_BUSY_MS);
    } catch {
      // Rolled back and reported by the caller.
    } finally {
      setClicked(null);
    }
  };

  return (
    <span className="relative mt-0.5 flex size-5 shrink-0 items-center justify-center">
      <input
        type="checkbox"
        checked={clicked ?? checked}
        disabled={busy}
        onChange={() => void flip()}
        aria-label={label}
        className="size-5 rounded border-gray-300 accent-blue-600 disabled:opacity-40"
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
