import { DropdownMenu } from 'radix-ui';
import { type ReactElement, useRef } from 'react';

import { menuContentClass, menuItemClass } from './menu';
import { focusNavActions, focusNavActionsLater } from './nav-actions';

/*
 * A sidebar row's actions menu (a list's, a saved filter's; ADR 0029), fetched with its row's
 * dialogs when first needed (nav-actions.tsx), never with the sidebar.
 */

export interface NavMenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  /** Drawn in red (Delete…). */
  danger?: boolean;
  /**
   * The row moves once this has run (a move, or into another group): the focus follows it to its
   * actions button, or goes to the first shown element `fallback` selects when it is hidden.
   */
  follow?: { fallback?: string };
}

/**
 * Move up and Move down, the keyboard's way to reorder rows (dragging is the mouse's): each takes
 * the place of the row before or after, and is disabled at either end.
 */
export function moveItems<T>(
  before: T | undefined,
  after: T | undefined,
  onMove: (target: T) => void,
): NavMenuItem[] {
  return [
    { label: 'Move up', target: before },
    { label: 'Move down', target: after },
  ].map(({ label, target }) => ({
    label,
    disabled: target === undefined,
    onSelect: () => {
      if (target !== undefined) {
        onMove(target);
      }
    },
    follow: {},
  }));
}

/**
 * A row's actions menu, every item reached with the arrow keys. What an item chose runs once the
 * menu has closed and given the focus back to its button (`actionsKey`, nav-actions.tsx), so that
 * a dialog it opens returns the focus there, and a move keeps it on the moved row. Drawn in the
 * sidebar, not in a portal, so that it stays inside its navigation landmark.
 */
export function NavItemMenu({
  actionsKey,
  trigger,
  defaultOpen = false,
  items,
}: {
  actionsKey: string;
  /** The menu's button, drawn by the sidebar before this code came too. */
  trigger: ReactElement;
  /** Opened at once (the button was pressed before this code had come). */
  defaultOpen?: boolean;
  items: NavMenuItem[];
}) {
  const then = useRef<(() => void) | null>(null);
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
            focusNavActions(actionsKey);
            next();
          }
        }}
      >
        {items.map((item) => (
          <DropdownMenu.Item
            key={item.label}
            className={
              item.danger ? `${menuItemClass} text-red-700 dark:text-red-400` : menuItemClass
            }
            disabled={item.disabled}
            onSelect={() => {
              then.current = () => {
                item.onSelect();
                if (item.follow) {
                  focusNavActionsLater(actionsKey, item.follow.fallback);
                }
              };
            }}
          >
            {item.label}
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
