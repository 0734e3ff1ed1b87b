import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import indexHtml from '../../index.html?raw';
import { queryKeys } from '../lib/query-keys';
import { stubMatchMedia } from '../test/browser';
import { createTestQueryClient } from '../test/render';
import { documentTitle, documentTitleOf, PRODUCT_TITLE } from './document-title';
import { PublicLayout } from './public-layout';
import { routes } from './routes';

/** Every path the route tree answers: '/about', '/dashboard/todos', '/*'... */
function routePaths(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const path = route.path ? `${parent}/${route.path}` : parent;
    const own = route.index || (route.path && !route.children) ? [path || '/'] : [];
    return [...own, ...routePaths(route.children ?? [], path)];
  });
}

describe('documentTitle', () => {
  it("names a page '{page} · Daywise' and keeps the product title otherwise", () => {
    expect(documentTitle('Todos')).toBe('Todos · Daywise');
    expect(documentTitle()).toBe(PRODUCT_TITLE);
  });

  it('is the title index.html starts with', () => {
    expect(indexHtml).toContain(`<title>${PRODUCT_TITLE}</title>`);
  });

  it('gives every page and dashboard section its own title', () => {
    const paths = routePaths(routes).filter((path) => path !== '/');
    // The walk found the routes: a page added later is checked without being listed here.
    expect(paths).toEqual(expect.arrayContaining(['/about', '/dashboard', '/dashboard/settings']));
    // Two pages say 'Page Not Found': the public one and the dashboard's, inside its shell.
    const pages = paths.filter((path) => path !== '/dashboard/*');
    const titles = pages.map((path) => documentTitleOf(routes, path.replace('*', 'no-such-page')));
    expect(new Set(titles).size).toBe(pages.length);
    expect(titles).not.toContain(PRODUCT_TITLE);
    expect(documentTitleOf(routes, '/')).toBe(PRODUCT_TITLE);
    expect(documentTitleOf(routes, '/about')).toBe('About · Daywise');
    expect(documentTitleOf(routes, '/dashboard/settings')).toBe('Settings · Daywise');
    expect(documentTitleOf(routes, '/no-such-page')).toBe('Page Not Found · Daywise');
    expect(documentTitleOf(routes, '/dashboard/no-such-page')).toBe('Page Not Found · Daywise');
  });
});

describe('the public layout', () => {
  let scrollY = 0;
  const scrollTo = vi.fn();

  beforeEach(() => {
    stubMatchMedia();
    scrollY = 0;
    scrollTo.mockClear();
    vi.stubGlobal('scrollTo', scrollTo);
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  });

  afterEach(() => {
    Reflect.deleteProperty(window, 'scrollY');
    sessionStorage.clear();
  });

  function renderLayout() {
    const client = createTestQueryClient();
    client.setQueryData(queryKeys.session, { user: null });
    const router = createMemoryRouter(
      [
        {
          element: <PublicLayout />,
          children: [
            { path: '/faq', element: <p>FAQ page</p>, handle: { title: 'FAQ' } },
            { path: '/about', element: <p>About page</p>, handle: { title: 'About' } },
          ],
        },
      ],
      { initialEntries: ['/faq'] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return router;
  }

  it("titles the tab with the page's name", async () => {
    const router = renderLayout();
    await screen.findByText('FAQ page');
    expect(document.title).toBe('FAQ · Daywise');
    await act(() => router.navigate('/about'));
    await screen.findByText('About page');
    expect(document.title).toBe('About · Daywise');
  });

  it('opens a new page at its top and goes back to where the visitor was', async () => {
    const router = renderLayout();
    await screen.findByText('FAQ page');
    scrollY = 900;
    scrollTo.mockClear();
    await act(() => router.navigate('/about'));
    await screen.findByText('About page');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollY = 0;
    await act(() => router.navigate(-1));
    await screen.findByText('FAQ page');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 900);
  });
});
