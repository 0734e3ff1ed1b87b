import { createHmac, timingSafeEqual } from 'node:crypto';

import { QUOTAS, todayIn } from '@daywise/shared';
import type { Channel, ChannelStatus, SavedChannel } from '@daywise/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { type ChannelReceiver, startChannelReceiver } from '../../test/channel-receiver';
import { freePort } from '../../test/free-port';
import { ENGINES, SAME_ORIGIN, type TestApp } from '../../test/helpers';
import { createTodo, reminderApp, signedIn, thisMinute, userIdOf } from '../../test/reminder-app';
import { sendAs } from '../../test/signed-in';

type ReminderTestApp = TestApp & { drop: () => Promise<void> };

/**
 * The receiver's side of a webhook (docs/webhooks.md): the signature of `t.body` with the
 * secret, and a timestamp no older than five minutes.
 */
function verifySignature(header: string, body: string, secret: string, now = Date.now()): boolean {
  const parts: Record<string, string> = Object.fromEntries(
    header.split(',').map((part) => part.split('=', 2) as [string, string]),
  );
  const t = Number(parts.t);
  const expected = createHmac('sha256', secret)
    .update(`${parts.t ?? ''}.${body}`)
    .digest();
  const given = Buffer.from(String(parts.v1), 'hex');
  return (
    Math.abs(now / 1000 - t) < 300 &&
    given.length === expected.length &&
    timingSafeEqual(given, expected)
  );
}

describe.each(ENGINES)('notification channels on %s', (engine) => {
  let ctx: ReminderTestApp;
  let receiver: ChannelReceiver;
  let cookie: string;
  const logLines: string[] = [];

  const start = async (env: Record<string, string> = {}) => {
    ctx = await reminderApp(engine, { env, logLines });
    cookie = await signedIn(ctx);
  };
  beforeEach(async () => {
    logLines.length = 0;
    receiver = await startChannelReceiver();
  });
  afterEach(async () => {
    await ctx.close();
    await ctx.drop();
    await receiver.close();
  });

  const add = (payload: object, as = cookie) =>
    sendAs(ctx, as, 'POST', '/api/notification-channels', payload);
  const added = async (payload: object): Promise<SavedChannel> => {
    const response = await add(payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<SavedChannel>();
  };
  const list = async (): Promise<Channel[]> => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/notification-channels',
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ channels: Channel[] }>().channels;
  };
  const testSend = async (id: string): Promise<ChannelStatus> => {
    const response = await sendAs(ctx, cookie, 'POST', `/api/notification-channels/${id}/test`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ChannelStatus>();
  };
  const todoDueNow = (title: string) =>
    createTodo(ctx, cookie, title, thisMinute(), { dueDate: todayIn('UTC', new Date()) });

  describe('with OUTBOUND_ALLOW_PRIVATE=true', () => {
    beforeEach(() => start({ OUTBOUND_ALLOW_PRIVATE: 'true' }));

    it('sends a due reminder to an ntfy topic, a Gotify app and a signed webhook', async () => {
      await added({
        kind: 'ntfy',
        name: 'Phone',
        url: `${receiver.origin}/ntfy/`,
        topic: 'ada-reminders',
        token: 'tk_ntfy_secret_123',
      });
      await added({
        kind: 'gotify',
        name: 'Gotify',
        url: `${receiver.origin}/gotify`,
        token: 'AgotifyAppToken9',
      });
      const webhook = await added({
        kind: 'webhook',
        name: 'Home Assistant',
        url: `${receiver.origin}/hook`,
      });
      expect(webhook.signingSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

      await ctx.app.reminders.start();
      const { id } = await todoDueNow('Water the plants');
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(3);

      const [ntfy] = receiver.at('/ntfy/ada-reminders');
      expect(ntfy?.headers).toMatchObject({
        title: 'Reminder: Water the plants',
        tags: 'alarm_clock',
        priority: '4',
        click: `${ctx.config.appUrl}/dashboard/todos`,
        authorization: 'Bearer tk_ntfy_secret_123',
      });
      expect(ntfy?.body).toBe('It is time for this todo.');

      const [gotify] = receiver.at('/gotify/message');
      expect(gotify?.headers['x-gotify-key']).toBe('AgotifyAppToken9');
      expect(JSON.parse(gotify?.body ?? '')).toMatchObject({
        title: 'Reminder: Water the plants',
        message: 'It is time for this todo.',
        priority: 6,
      });

      const [hook] = receiver.at('/hook');
      const signature = String(hook?.headers['daywise-signature']);
      expect(verifySignature(signature, hook?.body ?? '', webhook.signingSecret ?? '')).toBe(true);
      // Signed with another secret, or the body changed, it does not verify.
      expect(verifySignature(signature, `${hook?.body} `, webhook.signingSecret ?? '')).toBe(false);
      expect(verifySignature(signature, hook?.body ?? '', 'whsec_other')).toBe(false);
      // An old delivery replayed later is refused by its timestamp.
      expect(
        verifySignature(signature, hook?.body ?? '', webhook.signingSecret ?? '', Date.now() + 6e5),
      ).toBe(false);
      expect(JSON.parse(hook?.body ?? '')).toMatchObject({
        event: 'reminder',
        title: 'Reminder: Water the plants',
        item: { kind: 'todo', id },
        url: `${ctx.config.appUrl}/dashboard/todos`,
      });

      await expect
        .poll(async () => (await list()).map((channel) => channel.lastDelivery?.ok))
        .toEqual([true, true, true]);
      expect((await list())[0]?.lastDelivery).toMatchObject({
        status: 200,
        message: 'Delivered (HTTP 200)',
      });
    });

    it('keeps delivering to the others when one channel fails, and says which failed', async () => {
      const failing = await added({
        kind: 'webhook',
        name: 'Broken',
        url: `${receiver.origin}/500/hook`,
      });
      await added({ kind: 'ntfy', name: 'Phone', url: receiver.origin, topic: 'ada' });
      await ctx.app.reminders.start();
      await todoDueNow('Stretch');

      await expect.poll(() => receiver.at('/ada').length, { timeout: 15_000 }).toBe(1);
      await expect
        .poll(async () => (await list()).map((channel) => channel.lastDelivery?.message))
        .toEqual(['Refused: the receiver answered HTTP 500', 'Delivered (HTTP 200)']);
      expect(logLines.join('')).toContain(failing.channel.id);
    });

    it('answers what became of a test notification, never a 5xx', async () => {
      const ok = await added({ kind: 'webhook', name: 'Hook', url: `${receiver.origin}/hook` });
      const missing = await added({
        kind: 'webhook',
        name: 'Missing',
        url: `${receiver.origin}/404/hook`,
      });
      const moved = await added({
        kind: 'webhook',
        name: 'Moved',
        url: `${receiver.origin}/301/a`,
      });
      const closed = await added({
        kind: 'gotify',
        name: 'Down',
        url: `http://127.0.0.1:${await freePort()}`,
        token: 'AgotifyAppToken9',
      });

      expect(await testSend(ok.channel.id)).toMatchObject({
        ok: true,
        status: 200,
        message: 'Delivered (HTTP 200)',
      });
      const [test] = receiver.at('/hook');
      expect(JSON.parse(test?.body ?? '')).toMatchObject({ event: 'test', item: null });
      expect(
        verifySignature(
          String(test?.headers['daywise-signature']),
          test?.body ?? '',
          ok.signingSecret ?? '',
        ),
      ).toBe(true);
      expect(await testSend(missing.channel.id)).toMatchObject({
        ok: false,
        status: 404,
        message: 'Refused: the receiver answered HTTP 404',
      });
      expect(await testSend(moved.channel.id)).toMatchObject({ ok: false, status: 301 });
      expect(receiver.at('/200/redirected')).toEqual([]);
      expect(await testSend(closed.channel.id)).toMatchObject({
        ok: false,
        status: null,
        message: 'Not delivered: the receiver refused the connection',
      });
      expect((await list()).map((channel) => channel.lastDelivery?.ok)).toEqual([
        true,
        false,
        false,
        false,
      ]);
    });

    it('still refuses link-local and metadata addresses', async () => {
      for (const url of ['http://169.254.169.254/latest', 'http://[fe80::1]/hook']) {
        const response = await add({ kind: 'webhook', name: 'Metadata', url });
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'OUTBOUND_REFUSED' } });
      }
    });

    it('never answers or logs a secret', async () => {
      const ntfy = await added({
        kind: 'ntfy',
        name: 'Phone',
        url: `${receiver.origin}/500`,
        topic: 'ada',
        token: 'tk_ntfy_secret_123',
      });
      const hook = await added({ kind: 'webhook', name: 'Hook', url: `${receiver.origin}/500` });
      expect(JSON.stringify(ntfy)).not.toContain('tk_ntfy_secret_123');
      expect(ntfy.channel.secretSet).toBe(true);
      expect(ntfy.signingSecret).toBeNull();
      await ctx.app.reminders.start();
      await todoDueNow('Stretch');
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
      await testSend(ntfy.channel.id);

      const rotated = await sendAs(
        ctx,
        cookie,
        'PATCH',
        `/api/notification-channels/${hook.channel.id}`,
        {
          rotateSecret: true,
        },
      );
      expect(rotated.statusCode, rotated.body).toBe(200);
      const newSecret = rotated.json<SavedChannel>().signingSecret ?? '';
      expect(newSecret).toMatch(/^whsec_/);
      expect(newSecret).not.toBe(hook.signingSecret);

      const read = JSON.stringify(await list());
      const logs = logLines.join('');
      for (const secret of ['tk_ntfy_secret_123', hook.signingSecret ?? '', newSecret]) {
        expect(read).not.toContain(secret);
        expect(logs).not.toContain(secret);
      }
      expect(logs).toContain('a reminder to a notification channel failed');
    });

    it('edits and deletes only the user’s own channels, within the quota', async () => {
      const publicUrl = receiver.origin;
      const first = await added({ kind: 'ntfy', name: 'Phone', url: publicUrl, topic: 'ada' });
      for (let index = 1; index < QUOTAS.notificationChannels; index += 1) {
        await added({ kind: 'ntfy', name: `Phone ${index}`, url: publicUrl, topic: 'ada' });
      }
      const over = await add({ kind: 'ntfy', name: 'One more', url: publicUrl, topic: 'ada' });
      expect(over.statusCode).toBe(403);
      expect(over.json()).toMatchObject({ error: { code: 'QUOTA_EXCEEDED' } });

      const path = `/api/notification-channels/${first.channel.id}`;
      const renamed = await sendAs(ctx, cookie, 'PATCH', path, { name: 'Pixel', topic: 'ada-2' });
      expect(renamed.json<SavedChannel>().channel).toMatchObject({ name: 'Pixel', topic: 'ada-2' });
      const wrong = await sendAs(ctx, cookie, 'PATCH', path, { rotateSecret: true });
      expect(wrong.statusCode).toBe(400);

      const grace = await signedIn(ctx, 'grace@example.com');
      expect((await sendAs(ctx, grace, 'DELETE', path)).statusCode).toBe(404);
      expect((await sendAs(ctx, grace, 'PATCH', path, { name: 'Mine' })).statusCode).toBe(404);
      expect((await sendAs(ctx, grace, 'POST', `${path}/test`)).statusCode).toBe(404);
      expect((await sendAs(ctx, cookie, 'DELETE', path)).statusCode).toBe(204);
      expect((await sendAs(ctx, cookie, 'DELETE', path)).statusCode).toBe(404);
      expect(await list()).toHaveLength(QUOTAS.notificationChannels - 1);
    });
  });

  describe('without OUTBOUND_ALLOW_PRIVATE', () => {
    beforeEach(() => start());

    it('refuses a loopback address with a clear 400, and adds nothing', async () => {
      for (const url of [`${receiver.origin}/hook`, 'http://localhost:9/hook', 'http://[::1]/']) {
        const response = await add({ kind: 'webhook', name: 'Hook', url });
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toEqual({
          error: {
            code: 'OUTBOUND_REFUSED',
            message:
              'Daywise cannot send to this address: it is not on the public internet, or it could not be found.',
            fields: {
              url: 'Daywise cannot send to this address: it is not on the public internet, or it could not be found.',
            },
          },
        });
      }
      expect(await list()).toEqual([]);
    });

    it('refuses at delivery an address whose name now resolves to loopback', async () => {
      // Saved while its name was public; its DNS now answers 127.0.0.1 (as localhost does).
      const userId = await userIdOf(ctx, cookie);
      const port = new URL(receiver.origin).port;
      await ctx.database.db
        .insertInto('notification_channels')
        .values({
          id: 'rebound',
          user_id: userId,
          kind: 'webhook',
          name: 'Rebound',
          url: `http://localhost:${port}/hook`,
          topic: null,
          secret: 'whsec_x',
          last_ok: null,
          last_status: null,
          last_message: null,
          last_at: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      await ctx.app.reminders.start();
      await todoDueNow('Stretch');

      await expect
        .poll(async () => (await list())[0]?.lastDelivery?.message, { timeout: 15_000 })
        .toBe('Not sent: the address is not on the public internet');
      expect(await testSend('rebound')).toMatchObject({ ok: false, status: null });
      expect(receiver.received).toEqual([]);
      // Changing it to another loopback address is refused like adding one.
      const changed = await sendAs(ctx, cookie, 'PATCH', '/api/notification-channels/rebound', {
        url: `${receiver.origin}/hook`,
      });
      expect(changed.statusCode).toBe(400);
    });

    it('is cookie-only: an API token can neither read nor add channels', async () => {
      const created = await sendAs(ctx, cookie, 'POST', '/api/tokens', {
        name: 'Script',
        scope: 'read-write',
      });
      const { secret } = created.json<{ secret: string }>();
      const headers = { ...SAME_ORIGIN, authorization: `Bearer ${secret}` };
      const read = await ctx.app.inject({
        method: 'GET',
        url: '/api/notification-channels',
        headers,
      });
      expect(read.statusCode).toBe(403);
      expect(read.json()).toMatchObject({ error: { code: 'COOKIE_ONLY' } });
      const write = await ctx.app.inject({
        method: 'POST',
        url: '/api/notification-channels',
        headers,
        payload: { kind: 'webhook', name: 'Hook', url: 'https://example.com/hook' },
      });
      expect(write.statusCode).toBe(403);
    });
  });
});
