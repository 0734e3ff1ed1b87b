import type { Todo, TodoMoveScope } from '@daywise/shared/schemas';

import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { formatCalendarDay } from '../../lib/format';

export const REPEAT_MOVE_TEXTS = {
  title: 'Move a repeating todo',
  this: 'Move only this occurrence',
  all: 'Move all occurrences',
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
 * occurrence alone (a one-off copy on the new day, the series skipping it: its next one is
 * skipped, a later one excluded) or all of them by the same number of days, weekdays included.
 */
export function RepeatMoveDialog({
  todo,
  occurrence,
  to,
  onChoose,
  onClose,
}: RepeatMoveDialogProps) {
  return (
    <Modal
      title={REPEAT_MOVE_TEXTS.title}
      description={`“${todo.title}” repeats. Move it from ${formatCalendarDay(occurrence)} to ${formatCalendarDay(to)}?`}
      showDescription
      onClose={onClose}
    >
      <div className="flex flex-col gap-3">
        <Button size="sm" onClick={() => onChoose('this')}>
          {REPEAT_MOVE_TEXTS.this}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onChoose('all')}>
          {REPEAT_MOVE_TEXTS.all}
        </Button>
        <Button size="sm" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}
