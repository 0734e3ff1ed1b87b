import { MoreHorizontal } from 'lucide-react';
import { type ReactElement, type ReactNode, useState } from 'react';

import { type LoadOnce, loadOnce, useLoaded } from '../lib/load-once';
import { IconButton } from './button';

/*
 * A sidebar row's actions button (a list's, a saved filter's) and the code of its menu, fetched
 * once the browser is idle or when first pressed (ADR 0029): the sidebar shows and counts
 * without it. Each button names its row in `data-nav-actions` ('list:<id>', 'filter:<id>'), so
 * that the focus can find it again once its row has moved or its menu has come.
 */

/** Whether an element is shown (the sidebar is drawn twice on a phone, once hidden). */
const shown = (element: HTMLElement) =>
  typeof element.checkVisibility !== 'function' || element.checkVisibility();

/** Puts the focus on a row's actions button, if it is on the page and shown. */
export function focusNavActions(key: string): boolean {
  const button = [
    ...document.querySelectorAll<HTMLElement>(`[data-nav-actions="${CSS.escape(key)}"]`),
  ].find(shown);
  button?.focus();
  return button !== undefined;
}

/**
 * Once a change has redrawn the sidebar (a row moved, or left for another group): the focus to
 * the row's actions, or else to the first shown element `fallback` selects.
 */
export function focusNavActionsLater(key: string, fallback?: string): void {
  requestAnimationFrame(() => {
    if (!focusNavActions(key) && fallback) {
      [...document.querySelectorAll<HTMLElement>(fallback)].find(shown)?.focus();
    }
  });
}

/**
 * The code of a kind of row's menus and dialogs (lib/load-once.ts). Once it is here, an actions
 * button that had the focus keeps it, though the menu's button replaces it.
 */
export function navTools<T>(fetchModule: () => Promise<T>): LoadOnce<T> {
  const tools = loadOnce(fetchModule);
  // Watched first, before any row: the focus is read before the rows are redrawn.
  tools.watch(() => {
    const focused = (document.activeElement as HTMLElement | null)?.dataset.navActions;
    if (focused !== undefined) {
      requestAnimationFrame(() => focusNavActions(focused));
    }
  });
  return tools;
}

/**
 * The button of a row's actions menu, the same before the menu's code has come and after, as the
 * menu's trigger (which passes its props on).
 */
export function NavActionsTrigger({
  actionsKey,
  label,
  ...props
}: {
  actionsKey: string;
  label: string;
  onClick?: () => void;
}) {
  return (
    <IconButton
      data-nav-actions={actionsKey}
      label={label}
      tone="neutral"
      className="absolute top-1/2 right-1 -translate-y-1/2"
      {...props}
    >
      <MoreHorizontal aria-hidden className="size-4" />
    </IconButton>
  );
}

/**
 * A row's actions: `menu` draws the menu once its code is here, around the trigger it is given
 * (opened at once when the button was pressed before); until then the same button, which fetches
 * the code (`load`).
 */
export function NavActionsButton<T>({
  tools,
  actionsKey,
  label,
  load,
  menu,
}: {
  tools: LoadOnce<T>;
  actionsKey: string;
  label: string;
  load: () => void;
  menu: (loaded: T, trigger: ReactElement, defaultOpen: boolean) => ReactNode;
}) {
  const loaded = useLoaded(tools);
  const [pressed, setPressed] = useState(false);
  if (!loaded) {
    return (
      <NavActionsTrigger
        actionsKey={actionsKey}
        label={label}
        onClick={() => {
          setPressed(true);
          load();
        }}
      />
    );
  }
  return menu(loaded, <NavActionsTrigger actionsKey={actionsKey} label={label} />, pressed);
}
