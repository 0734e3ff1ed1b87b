import { todayIn } from '@daywise/shared';
import { afterEach, describe, expect, it } from 'vitest';

import { ENGINES, type TestApp, testClock } from '../../test/helpers';
import { METRICS_TOKEN, scrape, seriesValue } from '../../test/metrics-client';
import { browserKeys, FIREFOX, type PushService, startPushService } from '../../test/push-service';
import {
  captureChannel,
  createTodo,
  pendingJob,
  reminderApp,
  signedIn,
  thisMinute,
  userIdOf,
} from '../../test/reminder-app';
import { savePushSubscription } from '../push/subscriptions';

/** What reminders and pushes count, read from `/metrics` as Prometheus reads it (ADR 0035). */
describe.each(ENGINES)('reminder and push metrics on %s', (engine) => {
  let ctx: (TestApp & { drop: () => Promise<void> }) | undefined;
  let pushService: PushService | undefined;
  afterEach(async () => {
    await ctx?.close();
    await ctx?.drop();
    await pushService?.close();
    ctx = undefined;
    pushService = undefined;
  });

  it('counts the jobs queued, and reminders sent and missed', async () => {
    const clock = testClock(new Date('2026-11-21T09:00:00.000Z'));
    ctx = await reminderApp(engine, {
      now: clock.now,
      channels: [captureChannel()],
      env: { METRICS_TOKEN },
    });
    const cookie = await signedIn(ctx);
    const queuedBefore = seriesValue(await scrape(ctx.app), 'daywise_reminder_jobs_queued') ?? -1;
    expect(queuedBefore).toBeGreaterThanOrEqual(0);

    const onTime = await createTodo(ctx, cookie, 'Late but sent', '10:00', {
      dueDate: '2026-11-21',
    });
    const tooLate = await createTodo(ctx, cookie, 'Missed', '10:00', { dueDate: '2026-11-22' });
    const queued = await scrape(ctx.app);
    expect(seriesValue(queued, 'daywise_reminder_jobs_queued')).toBe(queuedBefore + 2);
    expect(seriesValue(queued, 'daywise_reminders_total{kind="todo",outcome="sent"}')).toBe(0);

    // The server was down: each job runs when it comes back, one in time, one too late.
    clock.advance(74 * 60_000 + 59_000);
    await ctx.app.reminders.runJob((await pendingJob(ctx.database, `todo:${onTime.id}`))!);
    clock.advance(24 * 60 * 60_000 + 2000);
    await ctx.app.reminders.runJob((await pendingJob(ctx.database, `todo:${tooLate.id}`))!);

    const ran = await scrape(ctx.app);
    expect(seriesValue(ran, 'daywise_reminders_total{kind="todo",outcome="sent"}')).toBe(1);
    expect(seriesValue(ran, 'daywise_reminders_total{kind="todo",outcome="missed"}')).toBe(1);
    expect(seriesValue(ran, 'daywise_reminders_total{kind="task",outcome="sent"}')).toBe(0);
  });

  it('counts each device’s push: taken, gone or failed', async () => {
    pushService = await startPushService();
    ctx = await reminderApp(engine, {
      outboundAllowedOrigins: [pushService.origin],
      env: { METRICS_TOKEN },
    });
    const cookie = await signedIn(ctx);
    const userId = await userIdOf(ctx, cookie);
    for (const [status, device] of [
      [201, 'phone'],
      [410, 'old-laptop'],
      [500, 'tablet'],
    ] as const) {
      await savePushSubscription(
        ctx.database.db,
        userId,
        `session of ${device}`,
        { endpoint: pushService.endpoint(status, device), keys: browserKeys().keys },
        FIREFOX,
        new Date(),
      );
    }
    const { id } = await createTodo(ctx, cookie, 'Water the plants', thisMinute(), {
      dueDate: todayIn('UTC', new Date()),
    });
    await ctx.app.reminders.runJob((await pendingJob(ctx.database, `todo:${id}`))!);

    const text = await scrape(ctx.app);
    expect(seriesValue(text, 'daywise_pushes_total{result="sent"}')).toBe(1);
    expect(seriesValue(text, 'daywise_pushes_total{result="gone"}')).toBe(1);
    expect(seriesValue(text, 'daywise_pushes_total{result="failed"}')).toBe(1);
    expect(seriesValue(text, 'daywise_reminders_total{kind="todo",outcome="sent"}')).toBe(1);
    // The reminder's email went too, beside the sign-up's.
    expect(seriesValue(text, 'daywise_emails_total{result="sent"}')).toBe(ctx.mailer.sent.length);
  });
});
