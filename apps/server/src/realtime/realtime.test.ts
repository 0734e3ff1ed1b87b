import {
  REALTIME_CLOSE,
  REALTIME_INBOUND_RATE_LIMIT,
  REALTIME_MAX_INBOUND_BYTES,
} from '@daywise/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { accountClient } from '../../test/account-client';
import { createTestApp, ENGINES, SAME_ORIGIN, type TestApp } from '../../test/helpers';
import { connectRealtime, listenForRealtime, RefusedError } from '../../test/realtime-client';
import { createLocalDelivery, createMemoryBus } from './bus';
import { type Connection, sweep } from './routes';

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'opened',
    (error: unknown) => (error instanceof RefusedError ? error.status : error),
  );

describe.each(ENGINES)('/api/realtime on %s', (engine) => {
  let ctx: TestApp;
  let url: string;
  let api: ReturnType<typeof accountClient>;

  beforeEach(async () => {
    ctx = await createTestApp(engine);
    url = await listenForRealtime(ctx.app);
    api = accountClient(ctx);
  });
  afterEach(() => ctx.close());

  const userId = async (cookie: string) =>
    (await api.get('/api/account/session', cookie)).json<{ user: { id: string } }>().user.id;

  it('refuses a socket without a session (401) or from another origin (403)', async () => {
    const cookie = await api.signUpAndVerify();
    expect(await refusal(connectRealtime(url, undefined))).toBe(401);
    expect(await refusal(connectRealtime(url, 'daywise.session_token=forged'))).toBe(401);
    expect(await refusal(connectRealtime(url, cookie, 'https://evil.example'))).toBe(403);
    expect(await refusal(connectRealtime(url, cookie, null))).toBe(403);
  });

  it("delivers a user's events to their socket and no one else's", async () => {
    const ada = (await api.signUpAndVerify('ada@example.com')) ?? '';
    const bob = (await api.signUpAndVerify('bob@example.com')) ?? '';
    const socket = await connectRealtime(url, ada);
    ctx.app.realtime.publish([await userId(bob)], { type: 'chat.changed', chatId: 'bobs' });
    ctx.app.realtime.publish([await userId(ada)], { type: 'chat.changed', chatId: 'adas' });
    // Events arrive in order, so Bob's, published first, would have come first.
    expect(await socket.next()).toEqual({ type: 'chat.changed', chatId: 'adas' });
    expect(socket.pending).toEqual([]);
  });

  it('tells the other tabs of a user that their todos, plans, lists, sections or saved filters changed', async () => {
    const cookie = (await api.signUpAndVerify()) ?? '';
    const socket = await connectRealtime(url, cookie);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/todos',
      headers: { ...SAME_ORIGIN, cookie },
      payload: { title: 'Water the plants' },
    });
    expect(created.statusCode).toBe(201);
    // With the todo it wrote, for the saved filters' counts (ADR 0028).
    expect(await socket.next()).toEqual({
      type: 'todos.changed',
      todoIds: [created.json<{ id: string }>().id],
    });
    const tag = await ctx.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { ...SAME_ORIGIN, cookie },
      payload: { name: 'Health' },
    });
    expect(tag.statusCode).toBe(201);
    expect(await socket.next()).toEqual({ type: 'plans.changed' });
    const list = await ctx.app.inject({
      method: 'POST',
      url: '/api/lists',
      headers: { ...SAME_ORIGIN, cookie },
      payload: { name: 'Errands' },
    });
    expect(list.statusCode).toBe(201);
    expect(await socket.next()).toEqual({ type: 'lists.changed' });
    const filter = await ctx.app.inject({
      method: 'POST',
      url: '/api/filters',
      headers: { ...SAME_ORIGIN, cookie },
      payload: { name: 'Urgent', query: 'p1 & today' },
    });
    expect(filter.statusCode).toBe(201);
    expect(await socket.next()).toEqual({ type: 'filters.changed' });
    const section = await ctx.app.inject({
      method: 'POST',
      url: '/api/sections',
      headers: { ...SAME_ORIGIN, cookie },
      payload: { listId: list.json<{ id: string }>().id, name: 'Shops' },
    });
    expect(section.statusCode).toBe(201);
    expect(await socket.next()).toEqual({ type: 'sections.changed' });
  });

  it('answers a ping with a pong and ignores anything else', async () => {
    const socket = await connectRealtime(url, await api.signUpAndVerify());
    socket.socket.send('hello');
    socket.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await socket.next()).toEqual({ type: 'pong' });
  });

  it('closes with 1008 on an oversized frame', async () => {
    const socket = await connectRealtime(url, await api.signUpAndVerify());
    socket.socket.send('x'.repeat(REALTIME_MAX_INBOUND_BYTES + 1));
    expect(await socket.closed).toBe(REALTIME_CLOSE.policyViolation);
  });

  it('closes with 1008 on a flood of frames', async () => {
    const socket = await connectRealtime(url, await api.signUpAndVerify());
    for (let i = 0; i <= REALTIME_INBOUND_RATE_LIMIT.max; i += 1) {
      socket.socket.send(JSON.stringify({ type: 'ping' }));
    }
    expect(await socket.closed).toBe(REALTIME_CLOSE.policyViolation);
    expect(socket.pending).toHaveLength(REALTIME_INBOUND_RATE_LIMIT.max);
  });

  it("closes a logged-out session's sockets with 4001, not the user's other sessions'", async () => {
    const first = (await api.signUpAndVerify()) ?? '';
    const second = api.sessionCookie(await api.login()) ?? '';
    const leaving = await connectRealtime(url, first);
    const staying = await connectRealtime(url, second);
    expect((await api.post('/api/account/logout', {}, first)).statusCode).toBe(200);
    expect(await leaving.closed).toBe(REALTIME_CLOSE.sessionEnded);
    ctx.app.realtime.publish([await userId(second)], { type: 'todos.changed' });
    expect(await staying.next()).toEqual({ type: 'todos.changed' });
  });

  it('closes every socket of the user at account deletion and password reset', async () => {
    const first = (await api.signUpAndVerify()) ?? '';
    const second = api.sessionCookie(await api.login()) ?? '';
    const sockets = [await connectRealtime(url, first), await connectRealtime(url, second)];
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { ...SAME_ORIGIN, cookie: first },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await Promise.all(sockets.map((s) => s.closed))).toEqual([4001, 4001]);

    const bob = (await api.signUpAndVerify('bob@example.com')) ?? '';
    const bobs = await connectRealtime(url, bob);
    await api.post('/api/account/forgot-password', { email: 'bob@example.com' });
    const reset = await api.post('/api/account/reset-password', {
      ...api.linkBody(api.lastLink('bob@example.com')),
      password: 'Moonrise2027',
    });
    expect(reset.statusCode).toBe(200);
    expect(await bobs.closed).toBe(REALTIME_CLOSE.sessionEnded);
    expect(await refusal(connectRealtime(url, bob))).toBe(401);
  });

  it('closes sockets with 1001 when the server shuts down', async () => {
    const socket = await connectRealtime(url, await api.signUpAndVerify());
    const closing = ctx.app.close();
    expect(await socket.closed).toBe(1001);
    await closing;
  });
});

describe('heartbeat sweep', () => {
  const connection = (overrides: Partial<Connection> = {}) => ({
    socket: { ping: vi.fn(), terminate: vi.fn(), close: vi.fn() },
    sessionId: 's',
    alive: true,
    expiresAt: Number.POSITIVE_INFINITY,
    recheck: vi.fn(() => Promise.resolve<number | null>(null)),
    ...overrides,
  });

  it('pings live sockets and cuts those that missed the last pong', () => {
    const live = connection();
    const dead = connection({ alive: false });
    sweep([live, dead], 0);
    expect(live.socket.ping).toHaveBeenCalledOnce();
    expect(live.alive).toBe(false);
    expect(dead.socket.terminate).toHaveBeenCalledOnce();
    expect(dead.socket.ping).not.toHaveBeenCalled();
  });

  it('reads a session again at its expiry: closes with 4001 if gone, else waits longer', async () => {
    const gone = connection({ expiresAt: 1000 });
    const extended = connection({ expiresAt: 1000, recheck: vi.fn(() => Promise.resolve(9000)) });
    const fresh = connection({ expiresAt: 5000 });
    sweep([gone, extended, fresh], 1000);
    await vi.waitFor(() => {
      expect(gone.socket.close).toHaveBeenCalledWith(REALTIME_CLOSE.sessionEnded, 'Session ended');
      expect(extended.expiresAt).toBe(9000);
    });
    expect(extended.socket.close).not.toHaveBeenCalled();
    expect(fresh.recheck).not.toHaveBeenCalled();
  });
});

describe('the in-process bus', () => {
  it("serializes an event once for all its users' listeners, and resyncs every user", () => {
    const bus = createMemoryBus();
    const frames: { user: string; text: string; frame: Buffer }[] = [];
    const listen = (user: string) =>
      bus.subscribe(user, (_event, frame) =>
        frames.push({ user, text: frame.toString('utf8'), frame }),
      );
    listen('ada');
    listen('ada');
    const stopBob = listen('bob');
    listen('eve');
    const event = { type: 'chat.changed', chatId: 'shared' } as const;
    bus.publish(['ada', 'bob', 'ada', 'nobody'], event);
    expect(frames.map(({ user, text }) => [user, JSON.parse(text) as unknown])).toEqual([
      ['ada', event],
      ['ada', event],
      ['bob', event],
    ]);
    // One frame for the event, whoever receives it.
    expect(new Set(frames.map(({ frame }) => frame)).size).toBe(1);

    frames.length = 0;
    stopBob();
    // What createRedisBus delivers when its subscription comes back after a drop.
    const local = createLocalDelivery();
    const told: string[] = [];
    local.subscribe('ada', (received, frame) =>
      told.push(`${received.type} ${frame.toString('utf8')}`),
    );
    local.deliver({ kind: 'resync' });
    expect(told).toEqual(['resync {"type":"resync"}']);
    bus.publish(['bob'], event);
    expect(frames).toEqual([]);
  });
});
