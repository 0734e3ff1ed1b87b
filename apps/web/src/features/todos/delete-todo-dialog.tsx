import type { Todo } from '@daywise/shared/schemas';
import { SECTION_MESSAGES } from '@daywise/shared/section-messages';

import { ConfirmDialog } from '../../components/confirm-dialog';
import { useDeleteTodo } from './use-todos';

/**
 * The 'Delete Todo' confirmation. Confirming hides the todo at once; the toast that follows
 * offers Undo, and the todo comes back if the delete fails (docs/product/todos.md, "Undo"). Its
 * subtasks, at every level, go with it (the server deletes them with it, and counts them in
 * `subtaskCounts.totalBelow`), and come back with the same Undo, since the DELETE is only sent
 * once the Undo window has ended (ADR 0027).
 */
export function DeleteTodoDialog({ todo, onClose }: { todo: Todo; onClose: () => void }) {
  const remove = useDeleteTodo();
  return (
    <ConfirmDialog
      title="Delete Todo"
      pending={false}
      onConfirm={() => {
        remove(todo);
        onClose();
      }}
      onClose={onClose}
    >
      Are you sure you want to delete &ldquo;{todo.title}&rdquo;?
      {todo.subtaskCounts.totalBelow > 0 &&
        ` ${SECTION_MESSAGES.deleteWithSubtasks(todo.subtaskCounts.totalBelow)}`}
    </ConfirmDialog>
  );
}
