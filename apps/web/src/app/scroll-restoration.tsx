import { type Location, ScrollRestoration } from 'react-router';

/**
 * Where a history entry's scroll position is kept. An entry the app navigated to has a key of its
 * own; every page loaded from the address bar or a link from elsewhere has the key 'default', so
 * those are told apart by their address, or one page's position would be restored on another
 * (a visitor opening /terms#accounts after /privacy would land at the top).
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.hash}` : location.key;
}

/**
 * A new page opens at its top, or at its #anchor; back, forward and reload return to where the
 * visitor was, as a browser does (docs/product/public-site.md).
 */
export function AppScrollRestoration() {
  return <ScrollRestoration getKey={scrollKey} />;
}
