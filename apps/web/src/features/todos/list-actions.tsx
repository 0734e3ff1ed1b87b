import type { List } from '@daywise/shared/schemas';
import type { ReactElement } from 'react';

import { moveItems, NavItemMenu } from '../../components/nav-item-menu';

/*
 * What the sidebar's lists fetch when first needed, or once the browser is idle (lists-nav.tsx):
 * each list's actions menu and the list dialogs, with Radix's menu, react-hook-form and the
 * schema, none of which the sidebar needs to show itself (ADR 0018's budget for /dashboard).
 */
export { DeleteListDialog } from './delete-list-dialog';
export { ListDialog } from './list-dialog';

export interface ListActionsProps {
  list: List;
  /** The menu's button, drawn by the sidebar before this code came too (lists-nav.tsx). */
  trigger: ReactElement;
  /** Its button's `data-nav-actions`, where the focus goes back to. */
  actionsKey: string;
  /** The open list before and after it, whose places Move up and Move down take. */
  before: List | undefined;
  after: List | undefined;
  /** Opened at once (the button was pressed before this code had come). */
  defaultOpen?: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMove: (target: List) => void;
  onArchive: (archived: boolean) => void;
}

/**
 * A list's actions menu (Edit…, Move up, Move down, Archive or Restore, Delete…): the sidebar's
 * row menu (components/nav-item-menu.tsx). An archived list is not moved; archiving or restoring
 * it moves it to the other group, and the focus follows it, or goes to 'Archived' while that
 * group is folded.
 */
export function ListActions({
  list,
  trigger,
  actionsKey,
  before,
  after,
  defaultOpen = false,
  onEdit,
  onDelete,
  onMove,
  onArchive,
}: ListActionsProps) {
  return (
    <NavItemMenu
      actionsKey={actionsKey}
      trigger={trigger}
      defaultOpen={defaultOpen}
      items={[
        { label: 'Edit…', onSelect: onEdit },
        ...(list.archived ? [] : moveItems(before, after, onMove)),
        {
          label: list.archived ? 'Restore' : 'Archive',
          onSelect: () => onArchive(!list.archived),
          follow: { fallback: '[data-archived-lists]' },
        },
        { label: 'Delete…', onSelect: onDelete, danger: true },
      ]}
    />
  );
}
