import { todayIn } from '@daywise/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ENGINES, type TestApp } from '../../test/helpers';
import {
  type BrowserKeys,
  browserKeys,
  decryptPush,
  FIREFOX,
  type PushService,
  startPushService,
} from '../../test/push-service';
import {
  createTodo,
  deliveryLog,
  pendingJob,
  reminderApp,
  signedIn,
  thisMinute,
  userIdOf,
} from '../../test/reminder-app';
import { sendAs } from '../../test/signed-in';
import { REMINDER_TAG } from '../push/send';
import { savePushSubscription } from '../push/subscriptions';

/** Half an hour off the hour, so a reminder time that ignored the zone would be far off. */
const TIME_ZONE = 'Asia/Kolkata';

/**
 * The whole way of a reminder with the app's own channels (nothing injected): a todo written
 * through the API, its job taken by the started runner, the push encrypted and posted to the
 * user's device, here a push service on loopback.
 */
describe.each(ENGINES)('reminders pushed to devices on %s', (engine) => {
  let ctx: TestApp & { drop: () => Promise<void> };
  let pushService: PushService;

  beforeEach(async () => {
    pushService = await startPushService();
    ctx = await reminderApp(engine, { outboundAllowedOrigins: [pushService.origin] });
  });
  afterEach(async () => {
    await ctx.close();
    await ctx.drop();
    await pushService.close();
  });

  const changeSetting = async (cookie: string, group: string, key: string, value: unknown) => {
    const changed = await sendAs(ctx, cookie, 'PATCH', '/api/settings', { group, key, value });
    expect(changed.statusCode, changed.body).toBe(200);
  };
  /** A user signed in, in TIME_ZONE, with one device subscribed. */
  const userWithDevice = async (email: string) => {
    const cookie = await signedIn(ctx, email);
    const browser = browserKeys();
    const device = email.split('@')[0] ?? email;
    await savePushSubscription(
      ctx.database.db,
      await userIdOf(ctx, cookie),
      `session of ${device}`,
      { endpoint: pushService.endpoint(201, device), keys: browser.keys },
      FIREFOX,
      new Date(),
    );
    await changeSetting(cookie, 'preferences', 'timezone', TIME_ZONE);
    return { cookie, browser, path: `/201/${device}` };
  };
  /** A todo due today in the user's zone, reminding at this minute: 2 seconds from now. */
  const todoDueNow = (cookie: string, title: string) =>
    createTodo(ctx, cookie, title, thisMinute(TIME_ZONE), {
      dueDate: todayIn(TIME_ZONE, new Date()),
    });
  const pushesTo = (path: string) =>
    pushService.received.filter((request) => request.path === path);
  const reminderEmails = () =>
    ctx.mailer.sent.filter((mail) => mail.content.subject.startsWith('Reminder:'));
  const decrypted = (path: string, browser: BrowserKeys) =>
    pushesTo(path).map((request) => decryptPush(request, browser));

  it('pushes a due todo reminder to the user’s device once, beside the email', async () => {
    const ada = await userWithDevice('ada@example.com');
    await ctx.app.reminders.start();
    const { id } = await todoDueNow(ada.cookie, 'Water the plants');

    await expect.poll(() => pushesTo(ada.path).length, { timeout: 15_000 }).toBe(1);
    expect(decrypted(ada.path, ada.browser)).toEqual([
      {
        title: 'Reminder: Water the plants',
        body: 'It is time for this todo.',
        url: '/dashboard/todos',
        tag: REMINDER_TAG,
      },
    ]);
    expect(reminderEmails().map((mail) => [mail.to, mail.content.subject])).toEqual([
      ['ada@example.com', 'Reminder: Water the plants'],
    ]);
    // Delivered once and done: a todo with a due date reminds on that day only.
    expect((await deliveryLog(ctx.database)).map((row) => row.outcome)).toEqual(['sent']);
    // The runner removes the job once its run has returned, a moment after the push.
    await expect.poll(() => pendingJob(ctx.database, `todo:${id}`)).toBeUndefined();
    expect(pushService.received).toHaveLength(1);
  });

  it('pushes nothing while Task Reminders is off', async () => {
    const ada = await userWithDevice('ada@example.com');
    const grace = await userWithDevice('grace@example.com');
    // A job Ada had before turning reminders off, as a runner may already have taken it.
    const daily = await createTodo(ctx, ada.cookie, 'Call mum', '09:00');
    const stale = await pendingJob(ctx.database, `todo:${daily.id}`);
    expect(stale).toBeDefined();
    await changeSetting(ada.cookie, 'notifications', 'reminders', false);

    await ctx.app.reminders.start();
    const { id } = await todoDueNow(ada.cookie, 'Stretch');
    expect(await pendingJob(ctx.database, `todo:${id}`)).toBeUndefined();
    await ctx.app.reminders.runJob(stale!);
    // Grace's reminder, due at the same moment, shows the runner has delivered meanwhile.
    await todoDueNow(grace.cookie, 'Stretch');
    await expect.poll(() => pushesTo(grace.path).length, { timeout: 15_000 }).toBe(1);

    expect(pushesTo(ada.path)).toEqual([]);
    expect(reminderEmails().map((mail) => mail.to)).toEqual(['grace@example.com']);
  });
});
