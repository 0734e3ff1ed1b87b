import { createHmac, timingSafeEqual } from 'node:crypto';

import { EVENT_WEBHOOK_DELIVERY, QUOTAS } from '@daywise/shared';
import type {
  ChannelStatus,
  EventWebhook,
  SavedEventWebhook,
  WebhookAttempt,
} from '@daywise/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { type ChannelReceiver, startChannelReceiver } from '../../test/channel-receiver';
import { ENGINES, SAME_ORIGIN, type TestApp } from '../../test/helpers';
import { reminderApp, signedIn } from '../../test/reminder-app';
import { sendAs } from '../../test/signed-in';
import { userEvent } from './events';

type HooksTestApp = TestApp & { drop: () => Promise<void> };

/** The receiver's check (docs/webhooks.md): HMAC-SHA256 of `t.body`, and a fresh `t`. */
function verifySignature(header: string, body: string, secret: string): boolean {
  const parts: Record<string, string> = Object.fromEntries(
    header.split(',').map((part) => part.split('=', 2) as [string, string]),
  );
  const expected = createHmac('sha256', secret)
    .update(`${parts.t ?? ''}.${body}`)
    .digest();
  const given = Buffer.from(String(parts.v1), 'hex');
  return (
    Math.abs(Date.now() / 1000 - Number(parts.t)) < 300 &&
    given.length === expected.length &&
    timingSafeEqual(given, expected)
  );
}

interface EventBody {
  id: string;
  event: string;
  occurredAt: string;
  attempt: number;
  data: Record<string, { id: string; title?: string; completed?: boolean }>;
  sentAt: string;
}

describe.each(ENGINES)('event webhooks on %s', (engine) => {
  let ctx: HooksTestApp;
  let receiver: ChannelReceiver;
  let cookie: string;

  const start = async (env: Record<string, string> = {}) => {
    ctx = await reminderApp(engine, { env, eventWebhookRetryBaseMs: 10 });
    cookie = await signedIn(ctx);
  };
  beforeEach(async () => {
    receiver = await startChannelReceiver();
  });
  afterEach(async () => {
    await ctx.close();
    await ctx.drop();
    await receiver.close();
  });

  const add = (payload: object, as = cookie) =>
    sendAs(ctx, as, 'POST', '/api/event-webhooks', payload);
  const added = async (payload: object): Promise<SavedEventWebhook> => {
    const response = await add(payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<SavedEventWebhook>();
  };
  const get = async <T>(url: string, as = cookie): Promise<T> => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie: as } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const attempts = async (id: string): Promise<WebhookAttempt[]> =>
    (await get<{ attempts: WebhookAttempt[] }>(`/api/event-webhooks/${id}/attempts`)).attempts;
  const write = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const response = await sendAs(ctx, cookie, method, url, payload);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.body ? response.json<{ id: string; tasks: { id: string }[] }>() : undefined;
  };
  const bodiesAt = (path: string) =>
    receiver.at(path).map((request) => JSON.parse(request.body) as EventBody);

  describe('with OUTBOUND_ALLOW_PRIVATE=true', () => {
    beforeEach(() => start({ OUTBOUND_ALLOW_PRIVATE: 'true' }));

    it('sends each chosen event, signed, and logs each delivery', async () => {
      const all = await added({
        name: 'n8n',
        url: `${receiver.origin}/all`,
        events: ['todo.created', 'todo.completed', 'todo.deleted', 'plan.task.done'],
      });
      const { signingSecret } = all;
      expect(signingSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      // A webhook that asked for deletions only hears of those.
      await added({
        name: 'Deletions',
        url: `${receiver.origin}/deleted`,
        events: ['todo.deleted'],
      });
      await ctx.app.reminders.start();

      const todo = await write('POST', '/api/todos', { title: 'Water the plants' });
      await write('PATCH', `/api/todos/${todo?.id}`, { completed: true });
      await write('DELETE', `/api/todos/${todo?.id}`);
      const plan = await write('POST', '/api/plans', { title: 'Today', tasks: [{ title: 'Run' }] });
      const taskId = plan?.tasks[0]?.id;
      await write('PATCH', `/api/plans/${plan?.id}/tasks/${taskId}`, { completed: true });

      await expect.poll(() => receiver.at('/all').length, { timeout: 15_000 }).toBe(4);
      await expect.poll(() => receiver.at('/deleted').length, { timeout: 15_000 }).toBe(1);
      for (const request of receiver.received) {
        expect(request.headers['content-type']).toBe('application/json');
        expect(
          verifySignature(
            String(request.headers['daywise-signature']),
            request.body,
            signingSecret,
          ),
        ).toBe(request.path === '/all');
      }
      const bodies = bodiesAt('/all');
      expect(bodies.map((body) => body.event).sort()).toEqual([
        'plan.task.done',
        'todo.completed',
        'todo.created',
        'todo.deleted',
      ]);
      const of = (event: string) => bodies.find((body) => body.event === event);
      expect(of('todo.created')?.data.todo).toMatchObject({
        id: todo?.id,
        title: 'Water the plants',
      });
      expect(of('todo.completed')?.data.todo).toMatchObject({ id: todo?.id, completed: true });
      expect(of('todo.deleted')?.data.todo).toEqual({ id: todo?.id, title: 'Water the plants' });
      expect(of('plan.task.done')?.data).toMatchObject({
        plan: { id: plan?.id, title: 'Today' },
        task: { id: taskId, title: 'Run' },
      });
      expect(of('todo.created')?.attempt).toBe(1);

      await expect.poll(async () => (await attempts(all.webhook.id)).length).toBe(4);
      const log = await attempts(all.webhook.id);
      expect(log.every((entry) => entry.ok && entry.status === 200 && entry.attempt === 1)).toBe(
        true,
      );
      expect(log[0]).toMatchObject({ message: 'Delivered (HTTP 200)', gaveUp: false });
      expect(new Set(log.map((entry) => entry.deliveryId))).toEqual(
        new Set(bodies.map((body) => body.id)),
      );
    });

    it('tries again, with the same id, after the receiver answers 500', async () => {
      const webhook = await added({
        name: 'Flaky',
        url: `${receiver.origin}/flaky`,
        events: ['todo.created'],
      });
      // The receiver answers 500 to the first request and 200 to the next.
      let calls = 0;
      receiver.answer = () => (calls++ === 0 ? 500 : 200);
      await ctx.app.reminders.start();
      await write('POST', '/api/todos', { title: 'Call the plumber' });

      await expect.poll(() => receiver.at('/flaky').length, { timeout: 15_000 }).toBe(2);
      const [first, second] = bodiesAt('/flaky');
      expect(second?.id).toBe(first?.id);
      expect([first?.attempt, second?.attempt]).toEqual([1, 2]);
      await expect.poll(async () => (await attempts(webhook.webhook.id)).length).toBe(2);
      const [latest, earlier] = await attempts(webhook.webhook.id);
      expect(earlier).toMatchObject({ ok: false, status: 500, attempt: 1, gaveUp: false });
      expect(earlier?.message).toContain(`Try 1 of ${EVENT_WEBHOOK_DELIVERY.maxAttempts}`);
      expect(latest).toMatchObject({ ok: true, status: 200, attempt: 2 });
    });

    it('gives up after the last try and says so in the log', async () => {
      const webhook = await added({
        name: 'Broken',
        url: `${receiver.origin}/500/broken`,
        events: ['todo.created'],
      });
      await ctx.app.reminders.start();
      await write('POST', '/api/todos', { title: 'Never arrives' });

      const { maxAttempts } = EVENT_WEBHOOK_DELIVERY;
      await expect
        .poll(async () => (await attempts(webhook.webhook.id)).length, { timeout: 30_000 })
        .toBe(maxAttempts);
      const [last] = await attempts(webhook.webhook.id);
      expect(last).toMatchObject({ ok: false, status: 500, attempt: maxAttempts, gaveUp: true });
      expect(last?.message).toBe(
        `Refused: the receiver answered HTTP 500. Gave up after ${maxAttempts} tries.`,
      );
      expect(receiver.at('/500/broken')).toHaveLength(maxAttempts);
    }, 45_000);

    it('sends nothing for a write that rolled back', async () => {
      const webhook = await added({
        name: 'Home',
        url: `${receiver.origin}/home`,
        events: ['todo.created', 'todo.deleted'],
      });
      await ctx.app.reminders.start();
      const userId = (await get<{ user: { id: string } }>('/api/account/session')).user.id;
      await expect(
        ctx.database.db.transaction().execute(async (trx) => {
          await userEvent(trx, ctx.app.events, userId, 'todo.created', { todo: { id: 'gone' } });
          throw new Error('the write failed');
        }),
      ).rejects.toThrow('the write failed');
      // A refused write through the API (another user's todo is not found) sends nothing either.
      const grace = await signedIn(ctx, 'grace@example.com');
      const hers = await sendAs(ctx, grace, 'POST', '/api/todos', { title: 'Hers' });
      expect(
        (await sendAs(ctx, cookie, 'DELETE', `/api/todos/${hers.json<{ id: string }>().id}`))
          .statusCode,
      ).toBe(404);
      // A write that commits afterwards arrives, and alone.
      await write('POST', '/api/todos', { title: 'Committed' });
      await expect.poll(() => receiver.at('/home').length, { timeout: 15_000 }).toBe(1);
      expect(bodiesAt('/home')[0]?.data.todo?.title).toBe('Committed');
      expect(await attempts(webhook.webhook.id)).toHaveLength(1);
      expect(await ctx.app.reminders.queue.queued(ctx.database.db)).toBe(0);
    });

    it('answers a test send, logs it, and keeps the log bounded', async () => {
      const { webhook, signingSecret } = await added({
        name: 'Test',
        url: `${receiver.origin}/test`,
        events: ['todo.completed'],
      });
      const response = await sendAs(ctx, cookie, 'POST', `/api/event-webhooks/${webhook.id}/test`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ChannelStatus>()).toMatchObject({ ok: true, status: 200 });
      const [request] = receiver.at('/test');
      expect(
        verifySignature(
          String(request?.headers['daywise-signature']),
          request?.body ?? '',
          signingSecret,
        ),
      ).toBe(true);
      expect(JSON.parse(request?.body ?? '')).toMatchObject({ event: 'test', attempt: 1 });
      expect(await attempts(webhook.id)).toMatchObject([{ event: 'test', ok: true }]);

      // The log keeps the last EVENT_WEBHOOK_DELIVERY.logKept tries; Settings reads the last logShown.
      const { recordAttempt } = await import('./delivery');
      for (let index = 0; index < EVENT_WEBHOOK_DELIVERY.logKept + 5; index += 1) {
        await recordAttempt(ctx.database.db, {
          webhookId: webhook.id,
          deliveryId: `d${index}`,
          event: 'todo.completed',
          attempt: 1,
          status: {
            ok: true,
            status: 200,
            message: 'Delivered (HTTP 200)',
            at: new Date(Date.UTC(2026, 10, 29, 9, 0, index)).toISOString(),
          },
          gaveUp: false,
        });
      }
      const kept = await ctx.database.db
        .selectFrom('webhook_attempts')
        .select('delivery_id')
        .where('webhook_id', '=', webhook.id)
        .execute();
      expect(kept).toHaveLength(EVENT_WEBHOOK_DELIVERY.logKept);
      const shown = await attempts(webhook.id);
      expect(shown).toHaveLength(EVENT_WEBHOOK_DELIVERY.logShown);
      expect(shown[0]?.deliveryId).toBe(`d${EVENT_WEBHOOK_DELIVERY.logKept + 4}`);
    });

    it('lists, deletes and shows only the user’s own webhooks, within the quota', async () => {
      const { webhook } = await added({
        name: 'Mine',
        url: `${receiver.origin}/a`,
        events: ['todo.created'],
      });
      const grace = await signedIn(ctx, 'grace@example.com');
      const path = `/api/event-webhooks/${webhook.id}`;
      expect(
        (await get<{ webhooks: EventWebhook[] }>('/api/event-webhooks', grace)).webhooks,
      ).toEqual([]);
      expect((await sendAs(ctx, grace, 'DELETE', path)).statusCode).toBe(404);
      expect((await sendAs(ctx, grace, 'POST', `${path}/test`)).statusCode).toBe(404);
      const foreign = await ctx.app.inject({
        method: 'GET',
        url: `${path}/attempts`,
        headers: { cookie: grace },
      });
      expect(foreign.statusCode).toBe(404);
      const listed = (await get<{ webhooks: EventWebhook[] }>('/api/event-webhooks')).webhooks;
      expect(listed).toEqual([webhook]);
      expect(JSON.stringify(listed)).not.toContain('whsec_');

      for (let index = 1; index < QUOTAS.eventWebhooks; index += 1) {
        await added({
          name: `Hook ${index}`,
          url: `${receiver.origin}/${index}`,
          events: ['todo.created'],
        });
      }
      const over = await add({
        name: 'One more',
        url: `${receiver.origin}/x`,
        events: ['todo.created'],
      });
      expect(over.statusCode).toBe(403);
      expect(over.json()).toMatchObject({ error: { code: 'QUOTA_EXCEEDED' } });

      expect((await sendAs(ctx, cookie, 'DELETE', path)).statusCode).toBe(204);
      expect((await sendAs(ctx, cookie, 'DELETE', path)).statusCode).toBe(404);
    });

    it('refuses bad input with a 400 and adds nothing', async () => {
      for (const payload of [
        { name: 'No events', url: `${receiver.origin}/a`, events: [] },
        { name: 'Unknown', url: `${receiver.origin}/a`, events: ['todo.renamed'] },
        { name: 'Twice', url: `${receiver.origin}/a`, events: ['todo.created', 'todo.created'] },
        { name: 'Not http', url: 'ftp://example.com/hook', events: ['todo.created'] },
        { name: '', url: `${receiver.origin}/a`, events: ['todo.created'] },
        { name: 'Metadata', url: 'http://169.254.169.254/latest', events: ['todo.created'] },
      ]) {
        const response = await add(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await get<{ webhooks: EventWebhook[] }>('/api/event-webhooks')).webhooks).toEqual([]);
    });
  });

  describe('without OUTBOUND_ALLOW_PRIVATE', () => {
    beforeEach(() => start());

    it('refuses a loopback address with a clear 400, and adds nothing', async () => {
      for (const url of [
        `${receiver.origin}/hook`,
        'http://localhost:9/hook',
        'http://[::1]/hook',
      ]) {
        const response = await add({ name: 'Local', url, events: ['todo.created'] });
        expect(response.statusCode, url).toBe(400);
        const { error } = response.json<{ error: { code: string; fields: { url: string } } }>();
        expect(error.code).toBe('OUTBOUND_REFUSED');
        expect(error.fields.url).toContain('is not on the public internet');
      }
      expect((await get<{ webhooks: EventWebhook[] }>('/api/event-webhooks')).webhooks).toEqual([]);
    });

    it('is cookie-only: an API token cannot add or read webhooks', async () => {
      const created = await sendAs(ctx, cookie, 'POST', '/api/tokens', {
        name: 'Script',
        scope: 'read-write',
      });
      expect(created.statusCode, created.body).toBe(201);
      const { secret } = created.json<{ secret: string }>();
      const withToken = await ctx.app.inject({
        method: 'GET',
        url: '/api/event-webhooks',
        headers: { ...SAME_ORIGIN, authorization: `Bearer ${secret}` },
      });
      expect(withToken.statusCode).toBe(403);
      expect(withToken.json()).toMatchObject({ error: { code: 'COOKIE_ONLY' } });
    });
  });
});
