import { addDays } from '@daywise/shared';
import type { Todo } from '@daywise/shared/schemas';

export type DueBadge = 'Overdue' | 'Due Today' | 'Due Tomorrow';

/**
 * The badge a todo's row carries: counted in the user's time zone, whose `today` the
 * caller passes (YYYY-MM-DD). A finished todo is not late for anything, so it has none.
 */
export function dueBadge(
  todo: Pick<Todo, 'dueDate' | 'completed'>,
  today: string,
): DueBadge | null {
  if (todo.completed || !todo.dueDate) {
    return null;
  }
  if (todo.dueDate < today) {
    return 'Overdue';
  }
  if (todo.dueDate === today) {
    return 'Due Today';
  }
  if (todo.dueDate === addDays(today, 1)) {
    return 'Due Tomorrow';
  }
  return null;
}
