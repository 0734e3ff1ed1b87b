import { repeatText } from '@daywise/shared';
import type { Habit, Todo } from '@daywise/shared/schemas';
import { Flame, Repeat as RepeatIcon, SkipForward, Snowflake } from 'lucide-react';

import { useSkipTodo } from '../lib/repeats';
import { IconButton } from './button';

/** 'Streak 5, 1 freeze': what the flame says to a screen reader. */
export function streakLabel(habit: Pick<Habit, 'streak' | 'freezes'>): string {
  const freezes =
    habit.freezes === 0 ? '' : `, ${habit.freezes} ${habit.freezes === 1 ? 'freeze' : 'freezes'}`;
  return `Streak ${habit.streak}${freezes}`;
}

/**
 * A flame and 5, and a snowflake and 1 beside it while a freeze is in hand. Drawn icons, as the
 * Streaks card's, not emoji: a system without an emoji font shows those as empty boxes.
 */
export function StreakBadge({ habit }: { habit: Pick<Habit, 'streak' | 'freezes'> }) {
  const label = streakLabel(habit);
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className="inline-flex items-center gap-1.5 font-medium text-orange-700 dark:text-orange-300"
    >
      <span aria-hidden className="inline-flex items-center gap-0.5">
        <Flame className="size-3.5" />
        {habit.streak}
      </span>
      {habit.freezes > 0 && (
        <span
          aria-hidden
          className="inline-flex items-center gap-0.5 text-sky-700 dark:text-sky-300"
        >
          <Snowflake className="size-3.5" />
          {habit.freezes}
        </span>
      )}
    </span>
  );
}

/**
 * A repeating todo's rule in words and its habit streak, for the meta line of a row (the list,
 * Today, Upcoming). Nothing for a one-off todo.
 */
export function RepeatInfo({ todo }: { todo: Todo }) {
  if (!todo.repeat) {
    return null;
  }
  return (
    <>
      <span className="inline-flex items-center gap-1">
        <RepeatIcon aria-hidden className="size-3.5" />
        {repeatText(todo.repeat)}
      </span>
      {todo.habit && (todo.habit.streak > 0 || todo.habit.freezes > 0) && (
        <StreakBadge habit={todo.habit} />
      )}
    </>
  );
}

/** Skip this occurrence of a pending repeating todo; nothing for others. */
export function SkipButton({ todo }: { todo: Todo }) {
  const skip = useSkipTodo();
  if (!todo.repeat || todo.completed) {
    return null;
  }
  return (
    <IconButton
      // aria-disabled, not disabled: a disabled button drops the keyboard focus to <body>.
      onClick={() => !skip.isPending && skip.mutate(todo)}
      aria-disabled={skip.isPending}
      label={`Skip "${todo.title}"`}
      tone="row"
    >
      <SkipForward aria-hidden className="size-4" />
    </IconButton>
  );
}
