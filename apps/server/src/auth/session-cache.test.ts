import { todayIn } from '@daywise/shared';
import { afterEach, describe, expect, it } from 'vitest';

import { accountClient } from '../../test/account-client';
import { createTestApp, ENGINES, SAME_ORIGIN, type TestApp } from '../../test/helpers';
import { createMemoryBus } from '../realtime/bus';
import { SESSION_CACHE_TTL_MS, SessionCache } from './session-cache';

const session = (userId: string) => ({ user: { id: userId } });

describe('the session cache', () => {
  let time = 0;
  const bus = createMemoryBus();
  const cache = () => new SessionCache(bus, 'daywise.session_token', () => time);

  it('finds the session cookie among the others', () => {
    const sessions = cache();
    expect(sessions.keyOf('theme=dark; daywise.session_token=abc.sig%3D; other=1')).toBe(
      'abc.sig%3D',
    );
    expect(sessions.keyOf('daywise.session_token_old=x; theme=dark')).toBeUndefined();
    expect(sessions.keyOf('daywise.session_token=')).toBeUndefined();
    expect(sessions.keyOf(undefined)).toBeUndefined();
  });

  it('keeps a checked session for a few seconds, then asks again', () => {
    const sessions = cache();
    sessions.set('a', session('u1'), sessions.epoch);
    time += SESSION_CACHE_TTL_MS - 1;
    expect(sessions.get('a')).toEqual(session('u1'));
    time += 1;
    expect(sessions.get('a')).toBeUndefined();
  });

  it('forgets every session of a user whose session ended anywhere', () => {
    const sessions = cache();
    sessions.set('a', session('u1'), sessions.epoch);
    sessions.set('b', session('u1'), sessions.epoch);
    sessions.set('c', session('u2'), sessions.epoch);
    bus.endSessions({ userId: 'u1', sessionId: 'whichever' });
    expect(sessions.get('a')).toBeUndefined();
    expect(sessions.get('b')).toBeUndefined();
    expect(sessions.get('c')).toEqual(session('u2'));
  });

  it('asks once for a cookie that several requests bring at the same moment', async () => {
    const sessions = cache();
    let checks = 0;
    const check = async () => {
      checks += 1;
      await Promise.resolve();
      return session('u1');
    };
    const answers = await Promise.all([
      sessions.checkOnce('a', check),
      sessions.checkOnce('a', check),
      sessions.checkOnce('b', check),
    ]);
    expect(answers).toEqual([session('u1'), session('u1'), session('u1')]);
    expect(checks).toBe(2);
    await sessions.checkOnce('a', check);
    expect(checks).toBe(3);
  });

  it('does not keep an answer read while a session was being ended', () => {
    const sessions = cache();
    const epoch = sessions.epoch;
    sessions.forgetUser('u1');
    sessions.set('a', session('u1'), epoch);
    expect(sessions.get('a')).toBeUndefined();
  });

  it("keeps the user's time zone until their settings change, and not a failed read", async () => {
    const sessions = cache();
    sessions.set('a', session('u1'), sessions.epoch);
    let reads = 0;
    const load = async () => {
      reads += 1;
      return reads === 1 ? 'Europe/Paris' : 'Asia/Tokyo';
    };
    expect(await sessions.timezone('u1', load)).toBe('Europe/Paris');
    expect(await sessions.timezone('u1', load)).toBe('Europe/Paris');
    sessions.forgetTimezone('u1');
    expect(await sessions.timezone('u1', load)).toBe('Asia/Tokyo');
    expect(reads).toBe(2);

    sessions.forgetTimezone('u1');
    await expect(sessions.timezone('u1', () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await sessions.timezone('u1', load)).toBe('Asia/Tokyo');
  });
});

describe.each(ENGINES)('cached sessions on %s', (engine) => {
  let ctx: TestApp;
  afterEach(async () => {
    await ctx?.close();
  });
  const get = (url: string, cookie: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const send = (
    method: 'DELETE' | 'PATCH' | 'POST',
    url: string,
    cookie: string,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie, ...SAME_ORIGIN },
      ...(payload ? { payload } : {}),
    });

  it('a revoked session is refused at once, though it was checked a moment ago', async () => {
    ctx = await createTestApp(engine);
    const api = accountClient(ctx);
    const first = (await api.signUpAndVerify()) ?? '';
    const second = api.sessionCookie(await api.login()) ?? '';
    expect((await get('/api/todos', second)).statusCode).toBe(200);
    expect((await send('DELETE', '/api/account/sessions', first)).statusCode).toBe(200);
    expect((await get('/api/todos', second)).statusCode).toBe(401);
    expect((await get('/api/todos', first)).statusCode).toBe(200);

    expect((await send('POST', '/api/account/logout', first, {})).statusCode).toBe(200);
    expect((await get('/api/todos', first)).statusCode).toBe(401);
  });

  it('a changed time zone counts today in the new zone at once', async () => {
    ctx = await createTestApp(engine);
    const cookie = (await accountClient(ctx).signUpAndVerify()) ?? '';
    const setZone = async (timezone: string) =>
      expect(
        (
          await send('PATCH', '/api/settings', cookie, {
            group: 'preferences',
            key: 'timezone',
            value: timezone,
          })
        ).statusCode,
      ).toBe(200);
    const dueToday = async () =>
      (await get('/api/todos?due=today', cookie)).json<{ total: number }>().total;
    const created = await send('POST', '/api/todos', cookie, {
      title: 'Due where the day starts first',
      dueDate: todayIn('Pacific/Kiritimati', ctx.app.now()),
    });
    expect(created.statusCode).toBe(201);
    // UTC+14 and UTC-11: never the same date.
    await setZone('Pacific/Kiritimati');
    expect(await dueToday()).toBe(1);
    await setZone('Pacific/Pago_Pago');
    expect(await dueToday()).toBe(0);
  });
});
