import { FILTER_MESSAGES } from '@daywise/shared/filter-messages';
import type { SavedFilter } from '@daywise/shared/schemas';
import { useState } from 'react';

import { navTools } from '../../components/nav-actions';
import { notify } from '../../lib/toast';

/**
 * The filter dialogs' and the sidebar menus' code (filter-tools.ts), fetched once the browser is
 * idle or on first use: the sidebar shows the filters and their counts without the parser, the
 * schemas or the forms.
 */
export const filterTools = navTools(() => import('./filter-tools'));

/**
 * Fetches the filter tools (at once when they are already here); if they cannot come, a toast
 * says so, and the next press tries again.
 */
export const loadFilterTools = (): Promise<boolean> =>
  filterTools.load().then(
    () => true,
    () => {
      notify.error(FILTER_MESSAGES.filterToolsLoadFailed);
      return false;
    },
  );

export type FilterDialogState =
  | { kind: 'none' }
  /** A new filter, its query started from `query` (a todo page's 'Save as filter'). */
  | { kind: 'new'; query?: string }
  | { kind: 'edit'; filter: SavedFilter }
  | { kind: 'delete'; filter: SavedFilter }
  | { kind: 'feed'; filter: SavedFilter };

/**
 * Which filter dialog is open. `open` fetches the dialogs' code first (loadFilterTools); if it
 * cannot come, nothing opens.
 */
export function useFilterDialogs() {
  const [dialog, setDialog] = useState<FilterDialogState>({ kind: 'none' });
  return {
    dialog,
    open: (next: FilterDialogState) =>
      void loadFilterTools().then((ready) => ready && setDialog(next)),
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
      return (
        <tools.FilterDialog
          filter={null}
          initialQuery={dialog.query}
          onClose={onClose}
          onSaved={onSaved}
        />
      );
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
