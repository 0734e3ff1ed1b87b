import type { Todo, TodoMoveScope } from '@daywise/shared/schemas';

import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { formatCalendarDay } from '../../lib/format';

export const REPEAT_MOVE_TEXTS = {
  title: 'Move a repeating todo',
  this: 'Move only this occurrence',
  all: 'Move all occurrences',
  onlyCurrent:
    'Only the next occurrence can be moved on its own. Moving all occurrences moves every one by the same number of days.',
} as const;

interface RepeatMoveDialogProps {
  todo: Todo;
  /** The occurrence's day: the todo's due date, or a later one the calendar projects. */
  occurrence: string;
  to: string;
  onChoose: (scope: TodoMoveScope) => void;
  onClose: () => void;
}

/**
 * The question a repeating todo's move asks (issue 33, ADR 0031, Moving repeating todos): this
 * occurrence alone (its next one only: a one-off copy on the new day, the series skipping it) or
 * all of them by the same number of days, weekdays included.
 */
export function RepeatMoveDialog({
  todo,
  occurrence,
  to,
  onChoose,
  onClose,
}: RepeatMoveDialogProps) {
  const current = occurrence === todo.dueDate;
  return (
    <Modal
      title={REPEAT_MOVE_TEXTS.title}
      description={`“${todo.title}” repeats. Move it from ${formatCalendarDay(occurrence)} to ${formatCalendarDay(to)}?`}
      showDescription
      onClose={onClose}
    >
      <div className="flex flex-col gap-3">
        {current ? (
          <Button size="sm" onClick={() => onChoose('this')}>
            {REPEAT_MOVE_TEXTS.this}
          </Button>
        ) : (
          <p className="text-sm text-gray-600 dark:text-gray-300">
            {REPEAT_MOVE_TEXTS.onlyCurrent}
          </p>
        )}
        <Button
          size="sm"
          variant={current ? 'secondary' : 'primary'}
          onClick={() => onChoose('all')}
        >
          {REPEAT_MOVE_TEXTS.all}
        </Button>
        <Button size="sm" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}
