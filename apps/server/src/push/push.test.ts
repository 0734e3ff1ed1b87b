import { QUOTAS } from '@daywise/shared';
import type { PushDevice } from '@daywise/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { accountClient } from '../../test/account-client';
import { createTestApp, ENGINES, type TestApp, testClock } from '../../test/helpers';
import {
  browserKeys,
  decryptPush,
  FIREFOX,
  type PushService,
  startPushService,
} from '../../test/push-service';
import { type AccountClient, sendAs, type TestClock } from '../../test/signed-in';
import type { DueReminder } from '../reminders/channels';
import { PUSH_TTL_SECONDS, REMINDER_TAG } from './send';
import { savePushSubscription } from './subscriptions';

const HTTPS_ENDPOINT = 'https://push.example.com/send/abc';

describe.each(ENGINES)('web push on %s', (engine) => {
  let ctx: TestApp;
  let api: AccountClient;
  let cookie: string;
  let clock: TestClock;
  let pushService: PushService;

  // The app reaches this loopback push service only because the test allows its origin; every
  // other address on loopback stands for the server's own network (lib/outbound.ts).
  beforeEach(async () => {
    pushService = await startPushService();
    clock = testClock();
    ctx = await createTestApp(engine, {
      now: clock.now,
      outboundAllowedOrigins: [pushService.origin],
    });
    api = accountClient(ctx);
    cookie = (await api.signUpAndVerify()) ?? '';
  });
  afterEach(async () => {
    await ctx.close();
    await pushService.close();
  });

  const subscribe = (body: object, as = cookie) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: body,
      headers: { origin: 'http://daywise.test', cookie: as, 'user-agent': FIREFOX },
    });
  const devices = async (as = cookie) =>
    (await api.get('/api/push/subscriptions', as)).json<PushDevice[]>();
  const userId = async (as = cookie) =>
    (await api.get('/api/account/session', as)).json<{ user: { id: string } }>().user.id;
  const reminder = async (): Promise<DueReminder> => ({
    userId: await userId(),
    email: 'ada@example.com',
    name: 'Ada',
    kind: 'todo',
    itemId: 'todo-1',
    title: 'Reminder: Water the plants',
    body: 'Due today',
    url: '/dashboard/todos',
    fireAt: clock.now().toISOString(),
  });

  it('gives the VAPID public key, the same on every read', async () => {
    const first = (await api.get('/api/push/public-key', cookie)).json<{ publicKey: string }>();
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect((await api.get('/api/push/public-key', cookie)).json()).toEqual(first);
    expect((await api.get('/api/push/public-key')).statusCode).toBe(401);
  });

  it('subscribes a browser once, names the device, and renews it on a second subscribe', async () => {
    const { keys } = browserKeys();
    const created = await subscribe({ endpoint: HTTPS_ENDPOINT, keys, expirationTime: null });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(String) as string,
      label: 'Firefox on Linux',
      createdAt: '2026-11-21T09:00:00.000Z',
      lastSuccessAt: null,
    });

    const renewed = await subscribe({ endpoint: HTTPS_ENDPOINT, keys: browserKeys().keys });
    expect(renewed.json<PushDevice>().id).toBe(created.json<PushDevice>().id);
    expect(await devices()).toEqual([created.json()]);
  });

  it('refuses endpoints that are not public https hosts, and keys of the wrong size', async () => {
    const { keys } = browserKeys();
    for (const body of [
      { endpoint: 'http://push.example.com/send/abc', keys },
      { endpoint: 'http://127.0.0.1:9/201/x', keys },
      { endpoint: 'https://127.0.0.1/send', keys },
      { endpoint: 'https://[::1]/send', keys },
      { endpoint: 'https://localhost/send', keys },
      { endpoint: 'https://metadata.internal/send', keys },
      // A trailing dot names the same host; the guard would refuse these at connect time too.
      { endpoint: 'https://localhost./send', keys },
      { endpoint: 'https://metadata.google.internal./computeMetadata/v1/', keys },
      { endpoint: 'https://[::ffff:127.0.0.1]/send', keys },
      { endpoint: 'https://0x7f.1/send', keys },
      { endpoint: 'https://2130706433/send', keys },
      { endpoint: 'https://intranet/send', keys },
      { endpoint: 'https://user:secret@push.example.com/send/abc', keys },
      { endpoint: 'https://push.example.com:8443/send/abc', keys },
      { endpoint: 'not a url', keys },
      { endpoint: '', keys },
      { endpoint: `https://push.example.com/${'a'.repeat(1000)}`, keys },
      { endpoint: HTTPS_ENDPOINT, keys: { ...keys, p256dh: 'short' } },
      { endpoint: HTTPS_ENDPOINT, keys: { ...keys, auth: 'not base64!!!!!!!' } },
      { endpoint: HTTPS_ENDPOINT },
    ]) {
      const response = await subscribe(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect(await devices()).toEqual([]);
  });

  it('lets nobody else list or remove a device', async () => {
    const device = (
      await subscribe({ endpoint: HTTPS_ENDPOINT, keys: browserKeys().keys })
    ).json<PushDevice>();
    const grace = (await api.signUpAndVerify('grace@example.com')) ?? '';

    expect(await devices(grace)).toEqual([]);
    const removed = await sendAs(ctx, grace, 'DELETE', `/api/push/subscriptions/${device.id}`);
    expect(removed.statusCode).toBe(404);
    expect(removed.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    await sendAs(ctx, grace, 'POST', '/api/push/subscriptions/unsubscribe', {
      endpoint: HTTPS_ENDPOINT,
    });
    expect(await devices()).toEqual([device]);

    expect(
      (await sendAs(ctx, cookie, 'DELETE', `/api/push/subscriptions/${device.id}`)).statusCode,
    ).toBe(204);
    expect(await devices()).toEqual([]);
  });

  it('moves a browser to the account that subscribes it last', async () => {
    const { keys } = browserKeys();
    await subscribe({ endpoint: HTTPS_ENDPOINT, keys });
    const grace = (await api.signUpAndVerify('grace@example.com')) ?? '';
    expect((await subscribe({ endpoint: HTTPS_ENDPOINT, keys }, grace)).statusCode).toBe(201);

    expect(await devices()).toEqual([]);
    expect(await devices(grace)).toHaveLength(1);
  });

  it('refuses a device beyond the quota, yet renews one it has', async () => {
    const { keys } = browserKeys();
    for (let index = 0; index < QUOTAS.pushSubscriptions; index += 1) {
      expect((await subscribe({ endpoint: `${HTTPS_ENDPOINT}/${index}`, keys })).statusCode).toBe(
        201,
      );
    }
    const over = await subscribe({ endpoint: `${HTTPS_ENDPOINT}/more`, keys });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ error: { code: 'QUOTA_EXCEEDED' } });
    expect((await subscribe({ endpoint: `${HTTPS_ENDPOINT}/0`, keys })).statusCode).toBe(201);
  });

  it('unsubscribes this browser by its endpoint', async () => {
    await subscribe({ endpoint: HTTPS_ENDPOINT, keys: browserKeys().keys });
    const response = await sendAs(ctx, cookie, 'POST', '/api/push/subscriptions/unsubscribe', {
      endpoint: HTTPS_ENDPOINT,
    });
    expect(response.statusCode).toBe(204);
    expect(await devices()).toEqual([]);
  });

  it('forgets a browser once the session that subscribed it ends', async () => {
    const laptop = api.sessionCookie(await api.login()) ?? '';
    const tablet = api.sessionCookie(await api.login()) ?? '';
    for (const [name, as] of [
      ['this', cookie],
      ['laptop', laptop],
      ['tablet', tablet],
    ] as const) {
      const subscribed = await subscribe(
        { endpoint: `${HTTPS_ENDPOINT}/${name}`, keys: browserKeys().keys },
        as,
      );
      expect(subscribed.statusCode).toBe(201);
    }
    expect(await devices()).toHaveLength(3);

    // Signing out on the laptop: the laptop no longer gets this account's reminders.
    expect((await sendAs(ctx, laptop, 'POST', '/api/account/logout', {})).statusCode).toBe(200);
    await expect.poll(async () => (await devices()).length).toBe(2);

    // Signing out everywhere else keeps only this browser's.
    expect((await sendAs(ctx, cookie, 'DELETE', '/api/account/sessions')).statusCode).toBe(200);
    await expect.poll(async () => (await devices()).length).toBe(1);
    const again = await subscribe({ endpoint: `${HTTPS_ENDPOINT}/this`, keys: browserKeys().keys });
    expect(again.json<PushDevice>().id).toBe((await devices())[0]?.id);
  });

  it('delivers a reminder each device can decrypt, and records the success', async () => {
    const phone = browserKeys();
    const laptop = browserKeys();
    const id = await userId();
    for (const [name, browser] of [
      ['phone', phone],
      ['laptop', laptop],
    ] as const) {
      await savePushSubscription(
        ctx.database.db,
        id,
        'session-of-this-test',
        { endpoint: pushService.endpoint(201, name), keys: browser.keys },
        FIREFOX,
        clock.now(),
      );
    }
    clock.advance(60_000);

    expect(await ctx.app.pushChannel.deliver(await reminder())).toEqual({
      delivered: 2,
      removed: 0,
      failed: 0,
    });

    const byPath = new Map(pushService.received.map((request) => [request.path, request]));
    for (const [name, browser] of [
      ['/201/phone', phone],
      ['/201/laptop', laptop],
    ] as const) {
      const request = byPath.get(name);
      expect(request?.headers).toMatchObject({
        ttl: String(PUSH_TTL_SECONDS),
        'content-encoding': 'aes128gcm',
        authorization: expect.stringMatching(/^vapid t=.+, k=.+$/) as string,
      });
      expect(decryptPush(request, browser)).toEqual({
        title: 'Reminder: Water the plants',
        body: 'Due today',
        url: '/dashboard/todos',
        tag: REMINDER_TAG,
      });
    }
    expect((await devices()).map((device) => device.lastSuccessAt)).toEqual([
      '2026-11-21T09:01:00.000Z',
      '2026-11-21T09:01:00.000Z',
    ]);
  });

  it('drops a subscription the push service says is gone, and keeps one that failed', async () => {
    const id = await userId();
    for (const [status, name] of [
      [410, 'gone'],
      [404, 'unknown'],
      [500, 'broken'],
      [201, 'working'],
    ] as const) {
      await savePushSubscription(
        ctx.database.db,
        id,
        'session-of-this-test',
        { endpoint: pushService.endpoint(status, name), keys: browserKeys().keys },
        FIREFOX,
        clock.now(),
      );
    }

    expect(await ctx.app.pushChannel.deliver(await reminder())).toEqual({
      delivered: 1,
      removed: 2,
      failed: 1,
    });
    const left = await ctx.database.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .orderBy('endpoint')
      .execute();
    expect(left.map((row) => new URL(row.endpoint).pathname)).toEqual([
      '/201/working',
      '/500/broken',
    ]);
  });

  /** A device subscribed below the route's checks, as one made before them would be stored. */
  const storedDevice = async (endpoint: string) =>
    savePushSubscription(
      ctx.database.db,
      await userId(),
      'session-of-this-test',
      { endpoint, keys: browserKeys().keys },
      FIREFOX,
      clock.now(),
    );

  it('never reaches the server’s own network, and the device shows nothing of it', async () => {
    // Another service on loopback, whose origin the test does not allow: an internal service.
    const internal = await startPushService();
    const { port } = new URL(internal.origin);
    try {
      for (const endpoint of [
        internal.endpoint(201, 'ok'),
        internal.endpoint(410, 'gone'),
        internal.endpoint(500, 'broken'),
        `http://localhost:${port}/201/by-name`,
        `http://[::ffff:127.0.0.1]:${port}/201/mapped`,
        `http://2130706433:${port}/201/decimal`,
        `https://[::1]/201/v6`,
      ]) {
        await storedDevice(endpoint);
      }
      const before = await devices();

      expect(await ctx.app.pushChannel.deliver(await reminder())).toEqual({
        delivered: 0,
        removed: 0,
        failed: 7,
      });
      expect(internal.received).toEqual([]);
      // Neither a success nor a removal tells the user what answered there.
      expect(await devices()).toEqual(before);
      expect(before.map((device) => device.lastSuccessAt)).toEqual(Array(7).fill(null));
    } finally {
      await internal.close();
    }
  });

  it('follows no redirect: a push service answering 3xx has failed', async () => {
    for (const status of [301, 302, 307, 308]) {
      await storedDevice(pushService.endpoint(status, 'moved'));
    }

    expect(await ctx.app.pushChannel.deliver(await reminder())).toEqual({
      delivered: 0,
      removed: 0,
      failed: 4,
    });
    expect(pushService.received.map((request) => request.path).sort()).toEqual([
      '/301/moved',
      '/302/moved',
      '/307/moved',
      '/308/moved',
    ]);
    expect((await devices()).map((device) => device.lastSuccessAt)).toEqual(Array(4).fill(null));
  });

  it('forgets every device when the account is deleted', async () => {
    await subscribe({ endpoint: HTTPS_ENDPOINT, keys: browserKeys().keys });
    expect((await sendAs(ctx, cookie, 'DELETE', '/api/account')).statusCode).toBe(200);
    const left = await ctx.database.db.selectFrom('push_subscriptions').selectAll().execute();
    expect(left).toEqual([]);
  });
});
