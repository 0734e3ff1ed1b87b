import type { Todo } from '@daywise/shared/schemas';

import { ConfirmDialog } from '../../components/confirm-dialog';
import { useDeleteTodo } from './use-todos';

/**
 * The 'Delete Todo' confirmation. Confirming hides the todo at once; the toast that follows
 * offers Undo, and the todo comes back if the delete fails (docs/product/todos.md, "Undo").
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
    </ConfirmDialog>
  );
}
