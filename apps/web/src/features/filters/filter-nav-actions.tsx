import type { SavedFilter } from '@daywise/shared/schemas';
import type { ReactElement } from 'react';

import { moveItems, NavItemMenu } from '../../components/nav-item-menu';

/**
 * A saved filter's menu in the sidebar (Edit…, Move up, Move down): the lists' row menu
 * (components/nav-item-menu.tsx), fetched with the filter dialogs. Moves keep the focus on the
 * moved filter's button. Its calendar feed and Delete are on its page, which a delete leaves.
 */
export function FilterNavActions({
  trigger,
  actionsKey,
  before,
  after,
  defaultOpen,
  onEdit,
  onMove,
}: {
  trigger: ReactElement;
  actionsKey: string;
  /** The filters before and after it, whose places Move up and Move down take. */
  before: SavedFilter | undefined;
  after: SavedFilter | undefined;
  defaultOpen: boolean;
  onEdit: () => void;
  onMove: (target: SavedFilter) => void;
}) {
  return (
    <NavItemMenu
      actionsKey={actionsKey}
      trigger={trigger}
      defaultOpen={defaultOpen}
      items={[{ label: 'Edit…', onSelect: onEdit }, ...moveItems(before, after, onMove)]}
    />
  );
}
