import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * A value only the browser knows (its time zone, what its storage remembers), read as the page
 * renders. While React hydrates a page the server drew, it is `onServer`, as the server drew it
 * (entry-server.tsx); React draws the page again with the browser's value right after. Reading the
 * browser there instead would hydrate other text than the server's, and React would throw the drawn
 * page away.
 */
export function useBrowserValue<T>(read: () => T, onServer: T): T {
  return useSyncExternalStore(noChanges, read, () => onServer);
}

const isBrowser = () => true;

/**
 * False on the server and while React hydrates what it drew, true from the render right after:
 * for parts the server cannot draw as the browser will (code loaded on demand, what this tab
 * remembers), drawn as the server drew them until the page is the browser's.
 */
export function useHydrated(): boolean {
  return useBrowserValue(isBrowser, false);
}
