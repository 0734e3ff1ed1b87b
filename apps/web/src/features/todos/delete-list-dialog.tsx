import { MESSAGES } from '@daywise/shared';
import type { List } from '@daywise/shared/schemas';
import { useState } from 'react';

import { ConfirmDialog } from '../../components/confirm-dialog';
import { ApiClientError } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { useDeleteList } from './use-lists';

/**
 * 'Delete list': a list holding open todos asks whether to move them to the Inbox or delete them
 * with it; an empty-looking one is deleted as it is, and if the server says it holds done todos
 * (409) the dialog asks the same question. Closing returns the focus to where it was.
 */
export function DeleteListDialog({
  list,
  onClose,
  onDeleted,
}: {
  list: List;
  onClose: () => void;
  onDeleted: (list: List) => void;
}) {
  const remove = useDeleteList();
  const [holdsTodos, setHoldsTodos] = useState(list.openCount > 0);

  const send = async (todos?: 'move' | 'delete') => {
    try {
      await remove.mutateAsync({ list, ...(todos ? { todos } : {}) });
      notify.success(MESSAGES.listDeleted);
      onClose();
      onDeleted(list);
    } catch (error) {
      if (error instanceof ApiClientError && error.code === 'CONFLICT') {
        setHoldsTodos(true);
        return;
      }
      notify.error(
        error instanceof ApiClientError && error.code !== 'NETWORK'
          ? error.message
          : MESSAGES.listDeleteFailed,
      );
    }
  };

  return (
    <ConfirmDialog
      title="Delete list"
      pending={remove.isPending}
      confirmLabel={holdsTodos ? 'Delete list and todos' : 'Delete'}
      onConfirm={() => void send(holdsTodos ? 'delete' : undefined)}
      {...(holdsTodos
        ? { alternative: { label: 'Move todos to Inbox', onConfirm: () => void send('move') } }
        : {})}
      onClose={onClose}
    >
      {holdsTodos
        ? `“${list.name}” holds todos. Move them to the Inbox and delete the list, or delete them with it?`
        : `Delete “${list.name}”? This cannot be undone.`}
    </ConfirmDialog>
  );
}
