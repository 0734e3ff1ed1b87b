import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';

import {
  createToken,
  davClient,
  type DavRequest,
  multistatus,
  propfindBody,
  userIdOf,
} from '../../test/dav-client';
import { ENGINES, type TestApp } from '../../test/helpers';
import { eachSignedIn, type SignedInApp, type TestClock } from '../../test/signed-in';
import { clark, NS } from './xml';

const REPORT_HEAD =
  '<?xml version="1.0" encoding="utf-8"?>\n' +
  '<c:QUERY xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">' +
  '<d:prop><d:getetag/><c:calendar-data/></d:prop>';

const query = (filter: string) =>
  `${REPORT_HEAD.replace('QUERY', 'calendar-query')}<c:filter><c:comp-filter name="VCALENDAR">` +
  `<c:comp-filter name="VTODO">${filter}</c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`;

/** The one VTODO of an item's iCalendar, parsed by ical.js, which throws on anything malformed. */
function vtodoOf(body: string): ICAL.Component {
  const calendar = new ICAL.Component(ICAL.parse(body) as unknown[]);
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  expect(calendar.getAllSubcomponents()).toHaveLength(1);
  // Written as ical.js writes it back: nothing it had to repair or drop.
  expect(`${calendar.toString()}\r\n`).toBe(body);
  const vtodo = calendar.getFirstSubcomponent('vtodo');
  expect(vtodo).toBeTruthy();
  return vtodo as ICAL.Component;
}

describe.each(ENGINES)('CalDAV items on %s', (engine) => {
  let ctx: TestApp;
  let send: SignedInApp['send'];
  let cookie: string;
  let clock: TestClock;
  let dav: DavRequest;
  let inbox: string;
  let userId: string;

  eachSignedIn(engine, (app) => ({ ctx, send, cookie, clock } = app));

  async function setUp() {
    expect(
      (
        await send('PATCH', '/api/settings', {
          group: 'preferences',
          key: 'timezone',
          value: 'Europe/Berlin',
        })
      ).statusCode,
    ).toBe(200);
    dav = davClient(ctx, 'ada@example.com', await createToken(ctx, cookie));
    userId = await userIdOf(ctx, cookie);
    inbox = `/dav/calendars/${userId}/inbox/`;
  }

  async function createTodo(body: object): Promise<string> {
    const response = await send('POST', '/api/todos', { title: 'A todo', ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  it('serves a todo as a VTODO that ical.js reads, with every field Daywise has', async () => {
    await setUp();
    const tag = (await send('POST', '/api/tags', { name: 'Home' })).json<{ id: string }>();
    const parent = await createTodo({ title: 'Move house' });
    const id = await createTodo({
      title: 'Pack the books; then, the "good" plates',
      description: 'Line one\nLine two',
      priority: 'high',
      dueDate: '2026-11-23',
      dueTime: '18:30',
      reminders: [{ before: 90 }, { at: '2026-11-23T08:00:00.000Z' }],
      tagIds: [tag.id],
      repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO', from: 'due' },
      parentId: parent,
    });

    const response = await dav('GET', `${inbox}${id}.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8; component=vtodo');
    expect(response.headers.etag).toMatch(/^"[\w-]{27}"$/);
    const vtodo = vtodoOf(response.body);
    expect(vtodo.getFirstPropertyValue('uid')).toBe(id);
    expect(vtodo.getFirstPropertyValue('summary')).toBe('Pack the books; then, the "good" plates');
    expect(vtodo.getFirstPropertyValue('description')).toBe('Line one\nLine two');
    expect(vtodo.getFirstPropertyValue('priority')).toBe(1);
    expect(vtodo.getFirstPropertyValue('status')).toBe('NEEDS-ACTION');
    // 18:30 in Berlin (UTC+1 in November), in UTC.
    expect(String(vtodo.getFirstPropertyValue('due'))).toBe('2026-11-23T17:30:00Z');
    expect(vtodo.getFirstProperty('categories')?.getValues()).toEqual(['Home']);
    expect(String(vtodo.getFirstPropertyValue('rrule'))).toBe('FREQ=WEEKLY;BYDAY=MO');
    const related = vtodo.getFirstProperty('related-to');
    expect([related?.getFirstValue(), related?.getParameter('reltype')]).toEqual([
      parent,
      'PARENT',
    ]);
    expect(vtodo.getFirstPropertyValue('x-apple-sort-order')).toBe('0');
    expect(String(vtodo.getFirstPropertyValue('created'))).toBe('2026-11-21T09:00:00Z');
    expect(String(vtodo.getFirstPropertyValue('last-modified'))).toBe('2026-11-21T09:00:00Z');
    expect(String(vtodo.getFirstPropertyValue('dtstamp'))).toBe('2026-11-21T09:00:00Z');
    const triggers = vtodo.getAllSubcomponents('valarm').map((alarm) => {
      const trigger = alarm.getFirstProperty('trigger');
      expect(alarm.getFirstPropertyValue('action')).toBe('DISPLAY');
      return [String(trigger?.getFirstValue()), trigger?.getParameter('related') ?? null];
    });
    expect(triggers).toEqual([
      ['-PT1H30M', 'END'],
      ['2026-11-23T08:00:00Z', null],
    ]);

    // Completed: STATUS, COMPLETED and PERCENT-COMPLETE, and a new ETag.
    const call = await createTodo({ title: 'Call mum' });
    const open = await dav('GET', `${inbox}${call}.ics`);
    clock.advance(60_000);
    expect((await send('PATCH', `/api/todos/${call}`, { completed: true })).statusCode).toBe(200);
    const done = await dav('GET', `${inbox}${call}.ics`);
    expect(done.headers.etag).not.toBe(open.headers.etag);
    const doneTodo = vtodoOf(done.body);
    expect(doneTodo.getFirstPropertyValue('status')).toBe('COMPLETED');
    expect(String(doneTodo.getFirstPropertyValue('completed'))).toBe('2026-11-21T09:01:00Z');
    expect(doneTodo.getFirstPropertyValue('percent-complete')).toBe(100);
    const unchanged = await dav('GET', `${inbox}${call}.ics`, undefined, {
      'if-none-match': done.headers.etag as string,
    });
    expect(unchanged.statusCode).toBe(304);
  });

  it('writes a due date without a time as a DATE, and a plan task into Daily goals', async () => {
    await setUp();
    const id = await createTodo({ title: 'All day', dueDate: '2026-11-24', priority: 'low' });
    const vtodo = vtodoOf((await dav('GET', `${inbox}${id}.ics`)).body);
    const due = vtodo.getFirstProperty('due');
    expect([String(due?.getFirstValue()), due?.type]).toEqual(['2026-11-24', 'date']);
    expect(vtodo.getFirstPropertyValue('priority')).toBe(9);

    const plan = await send('POST', '/api/plans', {
      title: 'Saturday',
      planDate: '2026-11-21',
      tasks: [{ title: 'Run', tag: 'Health', reminderTime: '07:30' }],
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const goals = `/dav/calendars/${userId}/daily-goals/`;
    const listing = multistatus(
      (await dav('PROPFIND', goals, propfindBody('d:getetag'), { depth: '1' })).body,
    );
    const item = listing.find((each) => each.href.endsWith('.ics'));
    const task = await dav('GET', item?.href ?? '');
    expect(task.headers.etag).toBe(item?.found.get(clark(NS.dav, 'getetag'))?.text);
    const taskTodo = vtodoOf(task.body);
    expect(taskTodo.getFirstPropertyValue('summary')).toBe('Run');
    expect(String(taskTodo.getFirstPropertyValue('due'))).toBe('2026-11-21');
    expect(taskTodo.getFirstProperty('categories')?.getValues()).toEqual(['Health']);
    const trigger = taskTodo.getFirstSubcomponent('valarm')?.getFirstPropertyValue('trigger');
    expect(String(trigger)).toBe('2026-11-21T06:30:00Z');
  });

  it('lists a collection’s items with their ETags, and its CTag changes with every write', async () => {
    await setUp();
    const ids = [await createTodo({ title: 'One' }), await createTodo({ title: 'Two' })];
    const ctag = async () =>
      multistatus(
        (await dav('PROPFIND', inbox, propfindBody('cs:getctag'), { depth: '0' })).body,
      )[0]?.found.get(clark(NS.cs, 'getctag'))?.text;
    const body = propfindBody('d:getetag', 'd:getcontenttype', 'x:unknown').replace(
      '<d:prop>',
      '<d:prop xmlns:x="urn:x">',
    );
    const listing = multistatus((await dav('PROPFIND', inbox, body, { depth: '1' })).body);
    expect(listing[1]?.missing).toEqual(['{urn:x}unknown']);
    expect(listing.map((each) => each.href).sort()).toEqual(
      [inbox, ...ids.map((id) => `${inbox}${id}.ics`)].sort(),
    );
    for (const id of ids) {
      const entry = listing.find((each) => each.href === `${inbox}${id}.ics`);
      const get = await dav('GET', `${inbox}${id}.ics`);
      expect(entry?.found.get(clark(NS.dav, 'getetag'))?.text).toBe(get.headers.etag);
    }
    const before = await ctag();
    clock.advance(1000);
    await send('PATCH', `/api/todos/${ids[0]}`, { title: 'One, renamed' });
    const renamed = await ctag();
    expect(renamed).not.toBe(before);
    await send('DELETE', `/api/todos/${ids[1]}`);
    expect(await ctag()).not.toBe(renamed);
  });

  it('answers calendar-multiget, with 404 for hrefs it does not hold', async () => {
    await setUp();
    const id = await createTodo({ title: 'Wanted' });
    const body =
      `${REPORT_HEAD.replace('QUERY', 'calendar-multiget')}<d:href>${inbox}${id}.ics</d:href>` +
      `<d:href>${inbox}missing.ics</d:href><d:href>/dav/calendars/someone/inbox/${id}.ics</d:href>` +
      '</c:calendar-multiget>';
    const response = await dav('REPORT', inbox, body, { depth: '1' });
    expect(response.statusCode).toBe(207);
    const answers = multistatus(response.body);
    const found = answers.find((each) => each.href === `${inbox}${id}.ics`);
    const data = found?.found.get(clark(NS.caldav, 'calendar-data'))?.text ?? '';
    expect(vtodoOf(data).getFirstPropertyValue('summary')).toBe('Wanted');
    expect(
      answers
        .filter((each) => each.status?.includes('404'))
        .map((each) => each.href)
        .sort(),
    ).toEqual([`${inbox}missing.ics`, `/dav/calendars/someone/inbox/${id}.ics`].sort());
  });

  it('answers calendar-query by time-range on DUE and by COMPLETED not being defined', async () => {
    await setUp();
    const monday = await createTodo({ title: 'Monday', dueDate: '2026-11-23' });
    const timed = await createTodo({ title: 'Timed', dueDate: '2026-11-25', dueTime: '23:30' });
    const undated = await createTodo({ title: 'Undated' });
    const done = await createTodo({ title: 'Done', dueDate: '2026-11-23' });
    await send('PATCH', `/api/todos/${done}`, { completed: true });
    const hrefs = async (filter: string) => {
      const response = await dav('REPORT', inbox, query(filter), { depth: '1' });
      expect(response.statusCode, response.body).toBe(207);
      return multistatus(response.body)
        .map((each) => each.href.slice(inbox.length, -'.ics'.length))
        .sort();
    };
    expect(await hrefs('')).toEqual([monday, timed, undated, done].sort());
    expect(
      await hrefs('<c:prop-filter name="COMPLETED"><c:is-not-defined/></c:prop-filter>'),
    ).toEqual([monday, timed, undated].sort());
    // A due date is its day's start in the user's zone: Monday 23 November 2026 in Berlin is
    // 22 November, 23:00 UTC, and RFC 4791 9.9 counts it in a range when start < DUE <= end. A
    // todo without DUE is in every range that ends after it was created.
    expect(await hrefs('<c:time-range start="20261122T000000Z" end="20261123T000000Z"/>')).toEqual(
      [monday, done, undated].sort(),
    );
    expect(await hrefs('<c:time-range start="20261122T230000Z" end="20261123T230000Z"/>')).toEqual([
      undated,
    ]);
    // 23:30 in Berlin on the 25th is 22:30 UTC.
    expect(await hrefs('<c:time-range start="20261125T220000Z" end="20261125T223000Z"/>')).toEqual(
      [timed, undated].sort(),
    );
    expect(await hrefs('<c:time-range end="20261121T080000Z"/>')).toEqual([]);
    expect(
      await hrefs(
        '<c:prop-filter name="SUMMARY"><c:text-match>date</c:text-match></c:prop-filter>',
      ),
    ).toEqual([undated]);
    const unsupported = await dav(
      'REPORT',
      inbox,
      query('<c:prop-filter name="DUE"><c:param-filter name="TZID"/></c:prop-filter>'),
    );
    expect(unsupported.statusCode).toBe(403);
    expect(unsupported.body).toContain('supported-filter');
  });

  it('serves archived lists and answers HEAD as GET without the body', async () => {
    await setUp();
    const list = (await send('POST', '/api/lists', { name: 'Old', color: '#16A34A' })).json<{
      id: string;
    }>();
    const id = await createTodo({ title: 'Kept', listId: list.id });
    expect((await send('PATCH', `/api/lists/${list.id}`, { archived: true })).statusCode).toBe(200);
    const path = `/dav/calendars/${userId}/${list.id}/${id}.ics`;
    const get = await dav('GET', path);
    expect(get.statusCode).toBe(200);
    const head = await dav('HEAD', path);
    expect([head.statusCode, head.headers.etag, head.body]).toEqual([200, get.headers.etag, '']);
    // The list's todo is in its own collection only.
    expect((await dav('GET', `${inbox}${id}.ics`)).statusCode).toBe(404);
  });

  it('refuses a report it does not serve with DAV:supported-report', async () => {
    await setUp();
    const response = await dav(
      'REPORT',
      inbox,
      '<d:expand-property xmlns:d="DAV:"><d:property name="owner"/></d:expand-property>',
    );
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('<d:supported-report/>');
  });
});
