import { FILTER_MESSAGES } from '@daywise/shared/filter-messages';
import type { SavedFilter } from '@daywise/shared/schemas';
import { useState } from 'react';

import { loadOnce } from '../../lib/load-once';
import { notify } from '../../lib/toast';

/**
 * The filter dialogs' code (filter-tools.ts), fetched once the browser is idle or on first use:
 * the sidebar shows the filters and their counts without the parser, the schemas or the forms.
 */
export const filterTools = loadOnce(() => import('./filter-tools'));

export type FilterDialogState =
  | { kind: 'none' }
  | { kind: 'new' }
  | { kind: 'edit'; filter: SavedFilter }
  | { kind: 'delete'; filter: SavedFilter }
  | { kind: 'feed'; filter: SavedFilter };

/**
 * Which filter dialog is open. `open` fetches the dialogs' code first (at once when it is already
 * here); if it cannot come, a toast says so and nothing opens, and the next press tries again.
 */
export function useFilterDialogs() {
  const [dialog, setDialog] = useState<FilterDialogState>({ kind: 'none' });
  return {
    dialog,
    open: (next: FilterDialogState) =>
      void filterTools.load().then(
        () => setDialog(next),
        () => notify.error(FILTER_MESSAGES.filterToolsLoadFailed),
      ),
    close: () => setDialog({ kind: 'none' }),
  };
}

/** The open filter dialog, once its code is here. */
export function FilterDialogs({
  dialog,
  onClose,
  onSaved,
  onDeleted,
}: {
  dialog: FilterDialogState;
  onClose: () => void;
  onSaved?: (filter: SavedFilter) => void;
  onDeleted?: (filter: SavedFilter) => void;
}) {
  const tools = filterTools.loaded();
  if (!tools) {
    return null;
  }
  switch (dialog.kind) {
    case 'new':
      return <tools.FilterDialog filter={null} onClose={onClose} onSaved={onSaved} />;
    case 'edit':
      return <tools.FilterDialog filter={dialog.filter} onClose={onClose} />;
    case 'delete':
      return (
        <tools.DeleteFilterDialog filter={dialog.filter} onClose={onClose} onDeleted={onDeleted} />
      );
    case 'feed':
      return <tools.FeedDialog filter={dialog.filter} onClose={onClose} />;
    default:
      return null;
  }
}
