import type { Todo } from '@daywise/shared/schemas';

import { ConfirmDialog } from '../../components/confirm-dialog';
import { useDeleteTodo } from './use-todos';

/** The 'Delete Todo' confirmation; the todo stays if the delete fails. */
export function DeleteTodoDialog({ todo, onClose }: { todo: Todo; onClose: () => void }) {
  const remove = useDeleteTodo();
  return (
    <ConfirmDialog
      title="Delete Todo"
      pending={remove.isPending}
      onConfirm={() => remove.mutate(todo.id, { onSuccess: onClose })}
      onClose={onClose}
    >
      Are you sure you want to delete &ldquo;{todo.title}&rdquo;? This cannot be undone.
    </ConfirmDialog>
  );
}
