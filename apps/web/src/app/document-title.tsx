import { matchRoutes, type RouteObject, useMatches } from 'react-router';

/** The product's own title: the home page's, and any page's without one (index.html). */
export const PRODUCT_TITLE = 'Daywise – plan your day, keep your streak';

/** What a route declares in its `handle` (app/routes.tsx). */
export interface RouteHandle {
  /** The page's name in the browser tab, e.g. 'Todos'. */
  title?: string;
}

/**
 * A tab's title: 'Todos · Daywise' for a named page, the product title otherwise
 * (docs/product/public-site.md).
 */
export function documentTitle(page?: string): string {
  return page ? `${page} · Daywise` : PRODUCT_TITLE;
}

function titleOfHandles(handles: unknown[]): string | undefined {
  for (let index = handles.length - 1; index >= 0; index -= 1) {
    const title = (handles[index] as RouteHandle | undefined)?.title;
    if (title) {
      return title;
    }
  }
  return undefined;
}

/** The document title of `pathname`: the deepest matching route's, for the prerendered HTML. */
export function documentTitleOf(routes: RouteObject[], pathname: string): string {
  const matches = matchRoutes(routes, pathname) ?? [];
  return documentTitle(titleOfHandles(matches.map(({ route }): unknown => route.handle)));
}

/**
 * Renders the current route's `<title>`, or `page`'s when the shell knows better (a list's
 * name); React hoists it into the head, replacing the previous page's
 * (docs/product/public-site.md).
 */
export function RouteTitle({ page }: { page?: string | undefined }) {
  const matches = useMatches();
  const named = page ?? titleOfHandles(matches.map(({ handle }) => handle));
  return <title>{documentTitle(named)}</title>;
}
