import { FOCUS_MESSAGES, FOCUS_MODES, formatMinutes } from '@daywise/shared/focus-messages';
import { Timer, Watch } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';

import { useStartFocus } from '../lib/focus';
import { IconButton } from './button';
import { menuContentClass, menuItemClass } from './menu';

const MODE_ICONS = { pomodoro: Timer, stopwatch: Watch } as const;

/**
 * 'Focus' on a todo or a plan task: a menu of the two ways of timing it, Pomodoro or Stopwatch,
 * either starting the user's timer on it (ADR 0032). Drawn in the row, not in a portal, as the
 * row's Move to… menu is, so that it stays inside the page's landmarks.
 */
export function FocusButton({
  item,
  title,
}: {
  item: { todoId: string } | { taskId: string };
  title: string;
}) {
  const start = useStartFocus();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <IconButton
          label={`${FOCUS_MESSAGES.focus} on "${title}"`}
          tone="row"
          disabled={start.isPending}
        >
          <Timer aria-hidden className="size-4" />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" sideOffset={4} className={menuContentClass}>
        {FOCUS_MODES.map((mode) => {
          const Icon = MODE_ICONS[mode];
          return (
            <DropdownMenu.Item
              key={mode}
              className={menuItemClass}
              onSelect={() => start.mutate({ ...item, mode })}
            >
              <Icon aria-hidden className="size-4 shrink-0" />
              <span className="flex flex-col">
                <span>{FOCUS_MESSAGES[mode]}</span>
                <span className="text-xs text-gray-600 dark:text-gray-300">
                  {FOCUS_MESSAGES.modeHint[mode]}
                </span>
              </span>
            </DropdownMenu.Item>
          );
        })}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
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
