import { FOCUS_MESSAGES, formatMinutes } from '@daywise/shared/focus-messages';
import { Timer } from 'lucide-react';

import { useStartFocus } from '../lib/focus';
import { IconButton } from './button';

/** 'Focus' on a todo or a plan task: starts the user's timer on it (ADR 0032). */
export function FocusButton({
  item,
  title,
}: {
  item: { todoId: string } | { taskId: string };
  title: string;
}) {
  const start = useStartFocus();
  return (
    <IconButton
      onClick={() => start.mutate(item)}
      label={`${FOCUS_MESSAGES.focus} on "${title}"`}
      tone="row"
      disabled={start.isPending}
    >
      <Timer aria-hidden className="size-4" />
    </IconButton>
  );
}

/** The time spent on an item, and its estimate if it has one; nothing before any focus. */
export function FocusTotal({
  minutes,
  estimate = null,
}: {
  minutes: number;
  estimate?: number | null;
}) {
  if (minutes === 0 && estimate === null) {
    return null;
  }
  return (
    <span className="inline-flex items-center gap-1" data-testid="focus-total">
      <Timer aria-hidden className="size-3.5" />
      {FOCUS_MESSAGES.focusTotal(minutes)}
      {estimate !== null && ` of ${formatMinutes(estimate)}`}
    </span>
  );
}
