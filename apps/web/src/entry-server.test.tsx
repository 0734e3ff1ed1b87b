import { DEFAULT_SETTINGS } from '@daywise/shared';
import { settingsApi, todosApi } from '@daywise/shared/api';
import type { SessionState } from '@daywise/shared/schemas';
import type { DehydratedState } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

import { type ReadApi, renderSignedInPage, SESSION_PRELOAD } from './entry-server';
import { INLINE_STATE_ID } from './lib/session-read';
import { errorResponse, fakeApi } from './test/fake-api';
import { makeTodo } from './test/fixtures';

/** A signed-in page's shell as scripts/prerender.mjs writes it: the spinner in #root. */
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>Dashboard · Daywise</title>
    ${SESSION_PRELOAD}
  </head>
  <body>
    <div id="root"><div role="status"><span class="sr-only">Loading...</span></div></div>
  </body>
</html>
`;

const SESSION: SessionState = {
  user: {
    id: 'user-1',
    name: 'Ada </script><script>alert(1)</script> Lovelace',
    email: 'ada@example.com',
    createdAt: '2026-11-01T09:00:00.000Z',
  },
};

const SETTINGS = {
  notifications: { ...DEFAULT_SETTINGS.notifications },
  privacy: { profileVisibility: 'private', activityTracking: true },
  preferences: { ...DEFAULT_SETTINGS.preferences, timezone: 'Pacific/Kiritimati' },
  focus: DEFAULT_SETTINGS.focus,
} as const;

/**
 * The API as the server reads it for the user: settings, one pending todo among the todos' reads,
 * and every other read refused (the browser makes those itself).
 */
function stubApi() {
  return fakeApi()
    .route('GET', '/api/*', () => errorResponse(404, 'NOT_FOUND'))
    .on(settingsApi.get, SETTINGS)
    .on(todosApi.list, ({ query }) => ({
      items: query.get('status') === 'pending' ? [makeTodo({ title: 'Water the plants' })] : [],
      nextCursor: null,
      total: query.get('status') === 'pending' ? 1 : 0,
      totalIsLowerBound: false,
    }))
    .on(todosApi.stats, () => errorResponse(500, 'INTERNAL'));
}

/** The server's reads, through the fake API. */
const readApi: ReadApi = (path) => fetch(path);

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

function inlineState(page: Document): DehydratedState {
  return JSON.parse(page.getElementById(INLINE_STATE_ID)?.textContent ?? '') as DehydratedState;
}

describe('renderSignedInPage', () => {
  it('draws the page for the user in place of the spinner, their session inlined', async () => {
    stubApi();
    const html = await renderSignedInPage(SHELL, '/dashboard', SESSION, readApi);
    const page = parse(html);
    expect(page.querySelector('#root h1')?.textContent).toBe('Welcome back, Ada!');
    // The spinner the shell shows while the session is read is gone.
    expect(page.querySelector('#root > [role="status"]')).toBeNull();
    expect(page.title).toBe('Dashboard · Daywise');
    expect(page.querySelectorAll('title')).toHaveLength(1);
    // The browser starts from this session (main.tsx), so it does not read it again.
    const session = inlineState(page).queries.find((query) => query.queryKey[0] === 'session');
    expect(session?.state.data).toEqual(SESSION);
    expect(html).not.toContain(SESSION_PRELOAD);
  });

  it('draws the page from its reads, made as the user, and inlines what was read', async () => {
    const api = stubApi();
    // As in Node, where the server draws pages: no window, and no browser's time zone to tell.
    vi.stubGlobal('window', undefined);
    const html = await renderSignedInPage(SHELL, '/dashboard/todos', SESSION, readApi);
    vi.unstubAllGlobals();
    const page = parse(html);
    expect(page.body.textContent).toContain('Water the plants');
    // The settings were read without a time zone: the server knows no browser's.
    expect(api.callsTo('GET', '/api/settings')[0]?.query.has('timezone')).toBe(false);
    // Only reads, each once.
    expect(api.calls.every((call) => call.method === 'GET')).toBe(true);
    expect(new Set(api.urls).size).toBe(api.urls.length);
    const inlined = inlineState(page).queries.map((query) => query.queryKey[0]);
    expect(inlined).toEqual(expect.arrayContaining(['session', 'settings', 'todos']));
    // A read that failed is not inlined: the browser shows it loading and makes it itself.
    expect(api.callsTo('GET', '/api/todos/stats')).toHaveLength(1);
    expect(inlineState(page).queries.filter((query) => query.state.status !== 'success')).toEqual(
      [],
    );
  });

  it('keeps a name that looks like markup as text, inside the inlined state too', async () => {
    stubApi();
    const html = await renderSignedInPage(SHELL, '/dashboard/profile', SESSION, readApi);
    const page = parse(html);
    expect(page.querySelectorAll('script')).toHaveLength(1);
    expect(html).not.toContain('<script>alert(1)');
    expect(page.body.textContent).toContain(SESSION.user?.name);
  });

  it('refuses a shell that is not the one the build writes', async () => {
    await expect(
      renderSignedInPage('<html></html>', '/dashboard', SESSION, readApi),
    ).rejects.toThrow('is not the one scripts/prerender.mjs writes');
  });
});
