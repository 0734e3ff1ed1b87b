import type { CalendarFeed } from '@daywise/shared/schemas';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';

import { ENGINES, type TestApp } from '../../test/helpers';
import { type AccountClient, eachSignedIn, sendAs } from '../../test/signed-in';
import { FEED_MISS_LIMIT } from './routes';

/** The feed as a calendar app reads it: each VEVENT by UID. */
function parseFeed(body: string) {
  const calendar = ICAL.Component.fromString(body);
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate,
      end: event.endDate,
      status: component.getFirstPropertyValue('status'),
      rrule: component.getFirstPropertyValue('rrule')?.toString() ?? null,
      triggers: component
        .getAllSubcomponents('valarm')
        .map((alarm) => String(alarm.getFirstPropertyValue('trigger'))),
    };
  });
  return { calendar, events: new Map(events.map((event) => [event.uid, event])) };
}

describe.each(ENGINES)('calendar feed on %s', (engine) => {
  let ctx: TestApp;
  let api: AccountClient;
  let cookie: string;

  eachSignedIn(engine, (app) => ({ ctx, api, cookie } = app));

  const turnOn = async (as = cookie) => {
    const response = await sendAs(ctx, as, 'POST', '/api/calendar-feed/rotate');
    expect(response.statusCode).toBe(200);
    const feed = response.json<CalendarFeed>();
    expect(feed.enabled).toBe(true);
    return new URL(feed.url ?? '');
  };
  /** A calendar app's fetch: the address alone, no cookie. */
  const fetchFeed = (url: URL | string) =>
    ctx.app.inject({ method: 'GET', url: typeof url === 'string' ? url : url.pathname });
  const createTodo = async (body: object, as = cookie) => {
    const response = await sendAs(ctx, as, 'POST', '/api/todos', body);
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  };

  it('times a todo with a due time in the user’s zone and gives it an alarm per reminder', async () => {
    await api.get('/api/settings', cookie);
    await sendAs(ctx, cookie, 'PATCH', '/api/settings', {
      group: 'preferences',
      key: 'timezone',
      value: 'Europe/Paris',
    });
    const dentist = await createTodo({
      title: 'Dentist',
      dueDate: '2026-11-25',
      dueTime: '14:30',
      reminders: [{ before: 10 }, { before: 1440 }, { at: '2026-11-24T07:00:00.000Z' }],
    });
    const rent = await createTodo({ title: 'Pay rent', dueDate: '2026-11-26' });

    const { events } = parseFeed((await fetchFeed(await turnOn())).body);
    const event = events.get(`todo-${dentist}@daywise.test`);
    expect(event?.start.isDate).toBe(false);
    // 14:30 in Paris is 13:30 UTC.
    expect(event?.start.toJSDate().toISOString()).toBe('2026-11-25T13:30:00.000Z');
    expect(event?.triggers).toEqual(['-PT10M', '-P1D', '2026-11-24T07:00:00Z']);
    expect(events.get(`todo-${rent}@daywise.test`)).toMatchObject({ triggers: [] });
    expect(events.get(`todo-${rent}@daywise.test`)?.start.isDate).toBe(true);
  });

  it('starts off, and gives a private address that answers an iCalendar document', async () => {
    expect((await api.get('/api/calendar-feed', cookie)).json()).toEqual({
      enabled: false,
      url: null,
    });
    const url = await turnOn();
    expect(url.origin).toBe('http://daywise.test');
    expect(url.pathname).toMatch(/^\/api\/calendar\/[0-9a-f]{32}\/[A-Za-z0-9_-]{43}\.ics$/);
    // Settings shows the same address again.
    expect((await api.get('/api/calendar-feed', cookie)).json()).toEqual({
      enabled: true,
      url: url.toString(),
    });

    const response = await fetchFeed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { calendar, events } = parseFeed(response.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Daywise');
    expect(calendar.getFirstPropertyValue('refresh-interval')?.toString()).toBe('PT1H');
    expect(events.size).toBe(0);
  });

  it('holds todos with due dates as all-day events and timed plan tasks in UTC, marking what is done', async () => {
    // Ada lives in Paris (UTC+1 in November).
    await sendAs(ctx, cookie, 'PATCH', '/api/settings', {
      group: 'preferences',
      key: 'timezone',
      value: 'Europe/Paris',
    });
    const rent = await createTodo({ title: 'Pay rent', dueDate: '2026-11-25', priority: 'high' });
    const plants = await createTodo({
      title: 'Water plants',
      dueDate: '2026-11-23',
      repeat: { rule: 'FREQ=DAILY;INTERVAL=3', from: 'due' },
    });
    const done = await createTodo({ title: 'Call the bank', dueDate: '2026-11-20' });
    await sendAs(ctx, cookie, 'PATCH', `/api/todos/${done}`, { completed: true });
    await createTodo({ title: 'Someday', dueDate: null });
    await createTodo({ title: 'Long ago', dueDate: '2026-08-01' });
    await createTodo({ title: 'Far ahead', dueDate: '2027-12-01' });
    const plan = await sendAs(ctx, cookie, 'POST', '/api/plans', {
      title: 'Saturday',
      planDate: '2026-11-21',
      tasks: [
        { title: 'Run', reminderTime: '08:30', description: '5 km' },
        { title: 'Read', reminderTime: null },
        { title: 'Cook', reminderTime: '19:00' },
      ],
    });
    expect(plan.statusCode).toBe(201);
    const tasks = plan.json<{ id: string; tasks: { id: string; title: string }[] }>();
    const taskId = (title: string) => tasks.tasks.find((task) => task.title === title)?.id ?? '';
    const cooked = await sendAs(
      ctx,
      cookie,
      'PATCH',
      `/api/plans/${tasks.id}/tasks/${taskId('Cook')}`,
      { completed: true },
    );
    expect(cooked.statusCode).toBe(200);

    const { events } = parseFeed((await fetchFeed(await turnOn())).body);
    expect([...events.keys()].sort()).toEqual(
      [
        `todo-${rent}@daywise.test`,
        `todo-${plants}@daywise.test`,
        `todo-${done}@daywise.test`,
        `task-${taskId('Run')}@daywise.test`,
        `task-${taskId('Cook')}@daywise.test`,
      ].sort(),
    );
    const rentEvent = events.get(`todo-${rent}@daywise.test`);
    expect(rentEvent?.summary).toBe('Pay rent');
    expect(rentEvent?.start.isDate).toBe(true);
    expect(rentEvent?.start.toString()).toBe('2026-11-25');
    expect(events.get(`todo-${done}@daywise.test`)?.summary).toBe('✓ Call the bank');
    // A repeating todo is one event that repeats, from its current due date.
    expect(events.get(`todo-${plants}@daywise.test`)).toMatchObject({
      rrule: 'FREQ=DAILY;INTERVAL=3',
    });
    expect(events.get(`todo-${plants}@daywise.test`)?.start.toString()).toBe('2026-11-23');
    expect(rentEvent?.rrule).toBeNull();

    const run = events.get(`task-${taskId('Run')}@daywise.test`);
    expect(run?.summary).toBe('Run');
    expect(run?.start.isDate).toBe(false);
    expect(run?.start.zone.tzid).toBe('UTC');
    // 08:30 in Paris is 07:30 UTC.
    expect(run?.start.toJSDate().toISOString()).toBe('2026-11-21T07:30:00.000Z');
    expect(run?.end.toJSDate().toISOString()).toBe('2026-11-21T08:00:00.000Z');
    expect(events.get(`task-${taskId('Cook')}@daywise.test`)?.summary).toBe('✓ Cook');
  });

  it("never holds another user's items", async () => {
    const bob = (await api.signUpAndVerify('bob@example.com')) ?? '';
    await createTodo({ title: "Bob's dentist", dueDate: '2026-11-23' }, bob);
    const adas = await createTodo({ title: "Ada's lecture", dueDate: '2026-11-23' });
    const adaFeed = await fetchFeed(await turnOn());
    expect(adaFeed.body).not.toContain('Bob');
    expect([...parseFeed(adaFeed.body).events.keys()]).toEqual([`todo-${adas}@daywise.test`]);
    // Bob's address does not open Ada's feed with his user id and her secret, or the reverse.
    const bobUrl = await turnOn(bob);
    const adaUrl = (await api.get('/api/calendar-feed', cookie)).json<CalendarFeed>().url ?? '';
    const [, , , bobId] = bobUrl.pathname.split('/');
    const adaSecret = new URL(adaUrl).pathname.split('/').at(-1) ?? '';
    expect((await fetchFeed(`/api/calendar/${bobId}/${adaSecret}`)).statusCode).toBe(404);
  });

  it('stops the old address on rotation and every address when turned off, with a bare 404', async () => {
    const first = await turnOn();
    const second = await turnOn();
    expect(second.toString()).not.toBe(first.toString());
    const old = await fetchFeed(first);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    expect((await fetchFeed(second)).statusCode).toBe(200);

    const off = await sendAs(ctx, cookie, 'DELETE', '/api/calendar-feed');
    expect(off.json()).toEqual({ enabled: false, url: null });
    expect((await fetchFeed(second)).statusCode).toBe(404);
    // Turning it on again makes a third address; neither earlier one comes back.
    const third = await turnOn();
    expect([first.toString(), second.toString()]).not.toContain(third.toString());
    expect((await fetchFeed(first)).statusCode).toBe(404);
    expect((await fetchFeed(second)).statusCode).toBe(404);
    expect((await fetchFeed(third)).statusCode).toBe(200);

    // A wrong secret, a user who has no feed, and a wrong shape all answer the same 404.
    const userId = third.pathname.split('/')[3] ?? '';
    for (const path of [
      `/api/calendar/${userId}/${'A'.repeat(43)}.ics`,
      `/api/calendar/nobody/${third.pathname.split('/')[4] ?? ''}`,
      `/api/calendar/${userId}/short.ics`,
    ]) {
      const response = await fetchFeed(path);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }
  });

  it('refuses a client that keeps guessing addresses, yet serves a right address from it', async () => {
    const url = await turnOn();
    const userId = url.pathname.split('/')[3] ?? '';
    const guess = `/api/calendar/${userId}/${'B'.repeat(43)}.ics`;
    for (let miss = 0; miss < FEED_MISS_LIMIT.max; miss += 1) {
      expect((await fetchFeed(guess)).statusCode).toBe(404);
    }
    const refused = await fetchFeed(guess);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // The same address (a calendar service, an office) fetching a real feed is served, every time.
    for (let fetch = 0; fetch < 3; fetch += 1) {
      const real = await fetchFeed(url);
      expect(real.statusCode).toBe(200);
      expect(real.headers['content-type']).toBe('text/calendar; charset=utf-8');
    }
    expect((await fetchFeed(guess)).statusCode).toBe(429);
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: guess,
      remoteAddress: '203.0.113.9',
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('is described in the OpenAPI document as text/calendar, and its settings as cookie-only', async () => {
    const document = (await api.get('/api/openapi.json')).json<{
      paths: Record<
        string,
        Record<string, { security?: unknown; responses: Record<string, { content?: object }> }>
      >;
    }>();
    const feed = document.paths['/api/calendar/{userId}/{token}.ics']?.get;
    expect(Object.keys(feed?.responses['200']?.content ?? {})).toEqual(['text/calendar']);
    expect(feed?.security).toBeUndefined();
    expect(document.paths['/api/calendar-feed/rotate']?.post?.security).toEqual([{ session: [] }]);
  });

  it('needs a session to read or change the feed settings', async () => {
    expect((await api.get('/api/calendar-feed')).statusCode).toBe(401);
    expect((await sendAs(ctx, undefined, 'POST', '/api/calendar-feed/rotate')).statusCode).toBe(
      401,
    );
  });

  it('turns the feed off with a password reset; turning it on again gives a new address', async () => {
    const url = await turnOn();
    expect((await fetchFeed(url)).statusCode).toBe(200);
    const sent = await api.post('/api/account/forgot-password', { email: 'ada@example.com' });
    expect(sent.statusCode).toBe(200);
    const reset = await api.post('/api/account/reset-password', {
      ...api.linkBody(api.lastLink()),
      password: 'Moonrise2027',
    });
    expect(reset.statusCode).toBe(200);

    const old = await fetchFeed(url);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    const signedIn = api.sessionCookie(await api.login('ada@example.com', 'Moonrise2027')) ?? '';
    expect((await api.get('/api/calendar-feed', signedIn)).json()).toEqual({
      enabled: false,
      url: null,
    });
    const fresh = await turnOn(signedIn);
    expect(fresh.toString()).not.toBe(url.toString());
    expect((await fetchFeed(fresh)).statusCode).toBe(200);
    expect((await fetchFeed(url)).statusCode).toBe(404);
  });

  it('keeps the feed when the user signs out elsewhere', async () => {
    const url = await turnOn();
    expect((await sendAs(ctx, cookie, 'DELETE', '/api/account/sessions')).statusCode).toBe(200);
    expect((await sendAs(ctx, cookie, 'POST', '/api/account/logout', {})).statusCode).toBe(200);
    expect((await fetchFeed(url)).statusCode).toBe(200);
  });

  it('turns the feed off with the account', async () => {
    const url = await turnOn();
    expect((await sendAs(ctx, cookie, 'DELETE', '/api/account')).statusCode).toBe(200);
    expect((await fetchFeed(url)).statusCode).toBe(404);
  });
});
