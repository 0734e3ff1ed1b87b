import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { accountClient } from '../../test/account-client';
import { createTestApp, ENGINES, SAME_ORIGIN, type TestApp } from '../../test/helpers';

interface Listed {
  sessions: { id: string; userAgent: string | null; current: boolean; lastActiveAt: string }[];
}

describe.each(ENGINES)('active sessions on %s', (engine) => {
  let ctx: TestApp;
  let api: ReturnType<typeof accountClient>;

  beforeEach(async () => {
    ctx = await createTestApp(engine);
    api = accountClient(ctx);
  });
  afterEach(() => ctx.close());

  const remove = (url: string, cookie: string | undefined) =>
    ctx.app.inject({ method: 'DELETE', url, headers: { ...SAME_ORIGIN, cookie: cookie ?? '' } });

  it('lists this account’s sessions, marks the current one, and ends one or all others', async () => {
    const phone = await api.signUpAndVerify();
    const laptop = api.sessionCookie(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { email: 'ada@example.com', password: 'Sunrise2026' },
        headers: { ...SAME_ORIGIN, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
      }),
    );
    const tablet = api.sessionCookie(await api.login());

    const listed = (await api.get('/api/account/sessions', laptop)).json<Listed>();
    expect(listed.sessions).toHaveLength(3);
    expect(listed.sessions.filter((s) => s.current)).toHaveLength(1);
    const current = listed.sessions.find((s) => s.current);
    expect(current?.userAgent).toContain('Firefox');

    const phoneId = (await api.get('/api/account/sessions', phone))
      .json<Listed>()
      .sessions.find((s) => s.current)?.id;
    expect((await remove(`/api/account/sessions/${phoneId}`, laptop)).statusCode).toBe(200);
    expect((await api.get('/api/account/session', phone)).json()).toEqual({ user: null });

    expect((await remove('/api/account/sessions', laptop)).statusCode).toBe(200);
    expect((await api.get('/api/account/session', tablet)).json()).toEqual({ user: null });
    expect((await api.get('/api/account/sessions', laptop)).json<Listed>().sessions).toHaveLength(
      1,
    );
  });

  it('cannot end another user’s session, nor list without signing in', async () => {
    const ada = await api.signUpAndVerify();
    const grace = await api.signUpAndVerify('grace@example.com');
    const graceSession = (await api.get('/api/account/sessions', grace)).json<Listed>().sessions[0]
      ?.id;
    const response = await remove(`/api/account/sessions/${graceSession}`, ada);
    expect(response.statusCode).toBe(404);
    expect((await api.get('/api/account/session', grace)).json()).toMatchObject({
      user: { email: 'grace@example.com' },
    });
    expect((await api.get('/api/account/sessions')).statusCode).toBe(401);
  });
});
