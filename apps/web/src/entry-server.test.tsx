import type { SessionState } from '@daywise/shared/schemas';
import { describe, expect, it } from 'vitest';

import { renderSignedInPage, SESSION_PRELOAD } from './entry-server';
import { INLINE_SESSION_ID } from './lib/session-read';

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

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('renderSignedInPage', () => {
  it('draws the page for the user in place of the spinner, their session inlined', async () => {
    const html = await renderSignedInPage(SHELL, '/dashboard', SESSION);
    const page = parse(html);
    expect(page.querySelector('#root h1')?.textContent).toBe('Welcome back, Ada!');
    // The spinner the shell shows while the session is read is gone.
    expect(page.querySelector('#root > [role="status"]')).toBeNull();
    expect(page.title).toBe('Dashboard · Daywise');
    expect(page.querySelectorAll('title')).toHaveLength(1);
    // The browser starts from this session (main.tsx), so it does not read it again.
    expect(JSON.parse(page.getElementById(INLINE_SESSION_ID)?.textContent ?? '')).toEqual(SESSION);
    expect(html).not.toContain(SESSION_PRELOAD);
  });

  it('keeps a name that looks like markup as text, inside the inlined session too', async () => {
    const html = await renderSignedInPage(SHELL, '/dashboard/profile', SESSION);
    const page = parse(html);
    expect(page.querySelectorAll('script')).toHaveLength(1);
    expect(html).not.toContain('<script>alert(1)');
    expect(page.body.textContent).toContain(SESSION.user?.name);
  });

  it('refuses a shell that is not the one the build writes', async () => {
    await expect(renderSignedInPage('<html></html>', '/dashboard', SESSION)).rejects.toThrow(
      'is not the one scripts/prerender.mjs writes',
    );
  });
});
