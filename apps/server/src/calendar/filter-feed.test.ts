import type { CalendarFeed, SavedFilter } from '@daywise/shared/schemas';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';

import { ENGINES, type TestApp } from '../../test/helpers';
import { type AccountClient, eachSignedIn, sendAs } from '../../test/signed-in';

/** The feed as a calendar app reads it: its name and each event's summary and day. */
function readFeed(body: string) {
  const calendar = ICAL.Component.fromString(body);
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    events: calendar
      .getAllSubcomponents('vevent')
      .map((component) => new ICAL.Event(component))
      .map((event) => `${event.startDate.toString()} ${event.summary}`)
      .sort(),
  };
}

/** A saved filter's calendar feed (ADR 0028): only the todos its query matches. */
describe.each(ENGINES)("a saved filter's calendar feed on %s", (engine) => {
  let ctx: TestApp;
  let api: AccountClient;
  let cookie: string;

  eachSignedIn(engine, (app) => ({ ctx, api, cookie } = app));

  const send = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: object) => {
    const response = await sendAs(ctx, cookie, method, url, body);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response;
  };
  const newFilter = async (name: string, query: string) =>
    (await send('POST', '/api/filters', { name, query })).json<SavedFilter>();
  const filterFeed = async (id: string, as = cookie) => {
    const response = await api.get(`/api/calendar-feed/filters/${id}`, as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CalendarFeed>();
  };
  /** A calendar app's fetch: the address alone, no cookie. */
  const fetchFeed = (url: string) =>
    ctx.app.inject({ method: 'GET', url: new URL(url, 'http://daywise.test').pathname });
  const turnOn = async () =>
    (await send('POST', '/api/calendar-feed/rotate')).json<CalendarFeed>().url ?? '';

  it('serves only the todos the query matches, under the filter’s name, while the feed is on', async () => {
    const work = (await send('POST', '/api/lists', { name: 'Work' })).json<{ id: string }>();
    await send('POST', '/api/todos', { title: 'Report', dueDate: '2026-11-25', listId: work.id });
    await send('POST', '/api/todos', { title: 'Rent', dueDate: '2026-11-26', priority: 'high' });
    await send('POST', '/api/todos', { title: 'Undated at work', listId: work.id });
    await send('POST', '/api/plans', {
      title: 'Day',
      tasks: [{ title: 'Timed task', reminderTime: '10:00' }],
    });
    const filter = await newFilter('Work', '#work | p1');

    expect(await filterFeed(filter.id)).toEqual({ enabled: false, url: null });
    const whole = await turnOn();
    const feed = await filterFeed(filter.id);
    expect(feed.enabled).toBe(true);
    const url = new URL(feed.url ?? '');
    expect(url.pathname).toMatch(
      new RegExp(`^/api/calendar/[0-9a-f]{32}/filters/${filter.id}/[A-Za-z0-9_-]{43}\\.ics$`),
    );
    // Its secret is its own: the address tells nothing of the whole feed's.
    expect(url.pathname.split('/').at(-1)).not.toBe(new URL(whole).pathname.split('/').at(-1));

    const response = await fetchFeed(url.toString());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(readFeed(response.body)).toEqual({
      name: 'Daywise: Work',
      events: ['2026-11-25 Report', '2026-11-26 Rent'],
    });
    // The whole feed still holds everything, the plan's timed task too.
    expect(readFeed((await fetchFeed(whole)).body).events).toHaveLength(3);

    // A changed query shows on the next fetch.
    await send('PATCH', `/api/filters/${filter.id}`, { query: 'p1' });
    expect(readFeed((await fetchFeed(url.toString())).body).events).toEqual(['2026-11-26 Rent']);
  });

  it('stops answering when the filter is deleted, the feed turned off or its address rotated', async () => {
    await turnOn();
    const kept = await newFilter('Kept', 'today');
    const gone = await newFilter('Gone', 'today');
    const keptUrl = (await filterFeed(kept.id)).url ?? '';
    const goneUrl = (await filterFeed(gone.id)).url ?? '';
    expect((await fetchFeed(goneUrl)).statusCode).toBe(200);
    await send('DELETE', `/api/filters/${gone.id}`);
    const missing = await fetchFeed(goneUrl);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    expect((await api.get(`/api/calendar-feed/filters/${gone.id}`, cookie)).statusCode).toBe(404);

    // Another filter's id with this filter's secret, or the whole feed's secret, is no address.
    const keptPath = new URL(keptUrl).pathname;
    const [userId, secret] = [keptPath.split('/')[3] ?? '', keptPath.split('/').at(-1) ?? ''];
    const wholeSecret = new URL(
      (await api.get('/api/calendar-feed', cookie)).json<CalendarFeed>().url ?? '',
    ).pathname
      .split('/')
      .at(-1);
    for (const path of [
      `/api/calendar/${userId}/filters/${gone.id}/${secret}`,
      `/api/calendar/${userId}/filters/${kept.id}/${wholeSecret ?? ''}`,
      `/api/calendar/${userId}/filters/${kept.id}/${'A'.repeat(43)}.ics`,
    ]) {
      expect((await fetchFeed(path)).statusCode, path).toBe(404);
    }

    const rotated = await turnOn();
    expect(rotated).not.toBe('');
    expect((await fetchFeed(keptUrl)).statusCode).toBe(404);
    const fresh = (await filterFeed(kept.id)).url ?? '';
    expect(fresh).not.toBe(keptUrl);
    expect((await fetchFeed(fresh)).statusCode).toBe(200);

    await send('DELETE', '/api/calendar-feed');
    expect(await filterFeed(kept.id)).toEqual({ enabled: false, url: null });
    expect((await fetchFeed(fresh)).statusCode).toBe(404);
  });

  it("answers 404 for another user's filter, and the address only to the browser's session", async () => {
    await turnOn();
    const grace = (await api.signUpAndVerify('grace@example.com')) ?? '';
    const theirs = (
      await sendAs(ctx, grace, 'POST', '/api/filters', { name: 'Theirs', query: 'today' })
    ).json<SavedFilter>();
    const response = await api.get(`/api/calendar-feed/filters/${theirs.id}`, cookie);
    expect(response.statusCode).toBe(404);
    expect((await api.get(`/api/calendar-feed/filters/${theirs.id}`)).statusCode).toBe(401);
  });
});
