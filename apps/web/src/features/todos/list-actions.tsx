import type { List } from '@daywise/shared/schemas';
import { DropdownMenu } from 'radix-ui';
import { type ReactElement, useRef } from 'react';

import { menuContentClass, menuItemClass } from '../../components/menu';

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

/** Whether an element is shown (the sidebar is drawn twice on a phone, once hidden). */
const shown = (element: HTMLElement) =>
  typeof element.checkVisibility !== 'function' || element.checkVisibility();

/** Puts the focus on a list's actions button, if it is on the page and shown. */
function focusActions(listId: string): boolean {
  const button = [
    ...document.querySelectorAll<HTMLElement>(`[data-list-actions="${CSS.escape(listId)}"]`),
  ].find(shown);
  button?.focus();
  return button !== undefined;
}

/** Once a change has moved a list's row: the focus to its actions, or else to `fallback`. */
function focusLater(listId: string, fallback?: string): void {
  requestAnimationFrame(() => {
    if (!focusActions(listId) && fallback) {
      [...document.querySelectorAll<HTMLElement>(fallback)].find(shown)?.focus();
    }
  });
}

/**
 * A list's actions menu (Edit…, Move up, Move down, Archive or Restore, Delete…), every item
 * reached with the arrow keys. What an item chose runs once the menu has closed and given the
 * focus back to its button, so that a dialog it opens returns the focus there, and a move keeps
 * it on the moved list. Drawn in the sidebar, not in a portal, so that it stays inside its
 * navigation landmark.
 */
export function ListActions({
  list,
  trigger,
  before,
  after,
  defaultOpen = false,
  onEdit,
  onDelete,
  onMove,
  onArchive,
}: ListActionsProps) {
  const then = useRef<(() => void) | null>(null);
  const choose = (action: () => void) => {
    then.current = action;
  };
  const move = (target: List | undefined) =>
    choose(() => {
      if (target) {
        onMove(target);
        focusLater(list.id);
      }
    });
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={4}
        className={menuContentClass}
        onCloseAutoFocus={(event) => {
          const next = then.current;
          then.current = null;
          if (next) {
            event.preventDefault();
            focusActions(list.id);
            next();
          }
        }}
      >
        <DropdownMenu.Item className={menuItemClass} onSelect={() => choose(onEdit)}>
          Edit…
        </DropdownMenu.Item>
        {!list.archived && (
          <>
            <DropdownMenu.Item
              className={menuItemClass}
              disabled={!before}
              onSelect={() => move(before)}
            >
              Move up
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={menuItemClass}
              disabled={!after}
              onSelect={() => move(after)}
            >
              Move down
            </DropdownMenu.Item>
          </>
        )}
        <DropdownMenu.Item
          className={menuItemClass}
          onSelect={() =>
            choose(() => {
              onArchive(!list.archived);
              // The list leaves for the other group: the focus follows it, or goes to
              // 'Archived' while that group is folded.
              focusLater(list.id, '[data-archived-lists]');
            })
          }
        >
          {list.archived ? 'Restore' : 'Archive'}
        </DropdownMenu.Item>
        <DropdownMenu.Item
          className={`${menuItemClass} text-red-700 dark:text-red-400`}
          onSelect={() => choose(onDelete)}
        >
          Delete…
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
