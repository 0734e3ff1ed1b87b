import type { SavedFilter } from '@daywise/shared/schemas';
import { flushSync } from 'react-dom';

import { ConfirmDialog } from '../../components/confirm-dialog';
import { useDeleteFilter } from './use-filter-writes';

/**
 * 'Delete filter': asks once, then the filter leaves the sidebar at once (and its page, for
 * `onDeleted` to leave); if the server refuses it comes back and a toast says so. Its todos stay
 * as they are.
 */
export function DeleteFilterDialog({
  filter,
  onClose,
  onDeleted,
}: {
  filter: SavedFilter;
  onClose: () => void;
  onDeleted?: (filter: SavedFilter) => void;
}) {
  const remove = useDeleteFilter();
  return (
    <ConfirmDialog
      title="Delete filter"
      pending={false}
      onConfirm={() => {
        remove.mutate(filter);
        // Closed at once, so that leaving the page waits for the dialog's history entry to go
        // (useNavigateAfterDialogs): the step back taking it off would cancel a navigation
        // still fetching its page's code.
        flushSync(onClose);
        onDeleted?.(filter);
      }}
      onClose={onClose}
    >
      {`Delete the filter “${filter.name}”? Its todos stay as they are.`}
    </ConfirmDialog>
  );
}
