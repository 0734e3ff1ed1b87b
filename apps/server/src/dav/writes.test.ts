import { QUOTAS } from '@daywise/shared';
import type { Todo } from '@daywise/shared/schemas';
import { describe, expect, it } from 'vitest';

import { createToken, davClient, type DavRequest, userIdOf } from '../../test/dav-client';
import { ENGINES, type TestApp } from '../../test/helpers';
import { connectRealtime, listenForRealtime } from '../../test/realtime-client';
import { eachSignedIn, type SignedInApp } from '../../test/signed-in';
import { NS } from './xml';

const CRLF = '\r\n';
const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Client//EN', ...lines, 'END:VCALENDAR']
    .join(CRLF)
    .concat(CRLF);
const vtodo = (...lines: string[]) => ['BEGIN:VTODO', ...lines, 'END:VTODO'];
const ICS = { 'content-type': 'text/calendar; charset=utf-8' };

/** Properties Daywise does not model, written as ical.js writes them, served back as they came. */
const UNMODELLED = [
  'X-CLIENT-COLOUR;X-FLAVOUR=mint:green',
  'GEO:48.85;2.35',
  'CLASS:PRIVATE',
  'ATTACH;FMTTYPE=text/plain:https://example.com/notes.txt',
  'DTSTART;TZID=Europe/Paris:20261120T090000',
];
const PARIS = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Paris',
  'BEGIN:STANDARD',
  'DTSTART:19701025T030000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:19700329T020000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

const errorElement = (body: string) => /<[a-z]+:([a-z-]+)\/>/.exec(body)?.[1];

describe.each(ENGINES)('CalDAV writes on %s', (engine) => {
  let app: SignedInApp;
  let ctx: TestApp;
  let dav: DavRequest;
  let home: string;
  let inbox: string;

  eachSignedIn(engine, (signedIn) => {
    app = signedIn;
    ctx = signedIn.ctx;
  });

  async function setUp() {
    const zone = await app.send('PATCH', '/api/settings', {
      group: 'preferences',
      key: 'timezone',
      value: 'Europe/Berlin',
    });
    expect(zone.statusCode).toBe(200);
    dav = davClient(ctx, 'ada@example.com', await createToken(ctx, app.cookie));
    home = `/dav/calendars/${await userIdOf(ctx, app.cookie)}/`;
    inbox = `${home}inbox/`;
  }

  const todos = async () =>
    (await app.api.get('/api/todos?limit=100', app.cookie)).json<{ items: Todo[] }>().items;

  it('creates a todo from a PUT, maps its fields and serves back what it does not model', async () => {
    await setUp();
    const socket = await connectRealtime(await listenForRealtime(ctx.app), app.cookie);
    const body = calendar(
      ...PARIS,
      ...vtodo(
        'UID:client-uid-1@example.com',
        'SUMMARY:Buy stamps',
        'DESCRIPTION:At the post office',
        'PRIORITY:2',
        'DUE;TZID=Europe/Paris:20261201T100000',
        'CATEGORIES:Errands,Town',
        'SEQUENCE:3',
        ...UNMODELLED,
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        'DESCRIPTION:Buy stamps',
        'TRIGGER;RELATED=END:-PT30M',
        'END:VALARM',
      ),
    );
    const put = await dav('PUT', `${inbox}client-1.ics`, body, { ...ICS, 'if-none-match': '*' });
    expect(put.statusCode, put.body).toBe(201);
    expect(await socket.next()).toMatchObject({ type: 'plans.changed' });
    expect(await socket.next()).toMatchObject({ type: 'todos.changed' });
    socket.socket.close();

    const [todo] = await todos();
    expect(todo).toMatchObject({
      title: 'Buy stamps',
      description: 'At the post office',
      priority: 'high',
      dueDate: '2026-12-01',
      // 10:00 in Paris is 10:00 in Berlin.
      dueTime: '10:00',
      reminders: [{ before: 30 }],
      listId: null,
      completed: false,
    });
    expect(todo?.tags.map((tag) => tag.name).sort()).toEqual(['Errands', 'Town']);

    const served = await dav('GET', `${inbox}client-1.ics`);
    expect(served.statusCode).toBe(200);
    const lines = served.body.split(CRLF);
    expect(lines).toContain('UID:client-uid-1@example.com');
    expect(lines).toContain('SEQUENCE:3');
    for (const line of UNMODELLED) {
      expect(lines, line).toContain(line);
    }
    // The zone the kept DTSTART names travels with it.
    expect(lines).toContain('TZID:Europe/Paris');
    // Nothing served twice: the mapped alarm is Daywise's reminder, served once.
    expect(lines.filter((line) => line === 'BEGIN:VALARM')).toHaveLength(1);
    // The item's own id names nothing else.
    expect((await dav('GET', `${inbox}${todo?.id}.ics`)).statusCode).toBe(404);
  });

  it('takes EXDATE as the series’ excluded dates, and keeps it as sent with a rule it does not repeat by', async () => {
    await setUp();
    const weekly = calendar(
      ...vtodo(
        'UID:swim@example.com',
        'SUMMARY:Swim',
        'DUE;VALUE=DATE:20261123',
        'RRULE:FREQ=WEEKLY;BYDAY=MO',
        // The current occurrence (kept by the series), a Monday, and a day that is no Monday.
        'EXDATE;VALUE=DATE:20261123,20261130',
        'EXDATE;VALUE=DATE:20261201',
        'EXDATE;TZID=Europe/Paris:20261214T090000',
      ),
    );
    expect((await dav('PUT', `${inbox}swim.ics`, weekly, ICS)).statusCode).toBe(201);
    const range = await app.api.get(
      '/api/agenda/calendar?from=2026-11-23&to=2026-12-20',
      app.cookie,
    );
    const { repeats } = range.json<{ repeats: { dates: string[] }[] }>();
    expect(repeats.flatMap(({ dates }) => dates)).toEqual(['2026-12-07']);
    const served = (await dav('GET', `${inbox}swim.ics`)).body.split(CRLF);
    expect(served.filter((line) => line.startsWith('EXDATE'))).toEqual([
      'EXDATE;VALUE=DATE:20261130',
      'EXDATE;VALUE=DATE:20261214',
    ]);

    const custom = calendar(
      ...vtodo(
        'UID:custom@example.com',
        'SUMMARY:Water plants',
        'DUE;VALUE=DATE:20261123',
        'RRULE:FREQ=HOURLY;INTERVAL=12',
        'EXDATE;VALUE=DATE:20261124',
      ),
    );
    expect((await dav('PUT', `${inbox}custom.ics`, custom, ICS)).statusCode).toBe(201);
    const kept = (await dav('GET', `${inbox}custom.ics`)).body.split(CRLF);
    expect(kept).toContain('RRULE:FREQ=HOURLY;INTERVAL=12');
    expect(kept.filter((line) => line.startsWith('EXDATE'))).toEqual([
      'EXDATE;VALUE=DATE:20261124',
    ]);
  });

  it('updates with If-Match, refuses a stale ETag with 412, completes and deletes', async () => {
    await setUp();
    const item = `${inbox}task.ics`;
    const first = calendar(...vtodo('UID:task-1', 'SUMMARY:Write report', 'X-KEEP:me'));
    expect((await dav('PUT', item, first, ICS)).statusCode).toBe(201);
    const etag = (await dav('GET', item)).headers.etag as string;

    const again = await dav('PUT', item, first, { ...ICS, 'if-none-match': '*' });
    expect(again.statusCode).toBe(412);
    const done = calendar(
      ...vtodo('UID:task-1', 'SUMMARY:Write the report', 'STATUS:COMPLETED', 'X-KEEP:me'),
    );
    expect((await dav('PUT', item, done, { ...ICS, 'if-match': '"stale"' })).statusCode).toBe(412);
    expect((await todos())[0]).toMatchObject({ title: 'Write report', completed: false });

    expect((await dav('PUT', item, done, { ...ICS, 'if-match': etag })).statusCode).toBe(204);
    expect((await todos())[0]).toMatchObject({ title: 'Write the report', completed: true });
    const served = await dav('GET', item);
    expect(served.headers.etag).not.toBe(etag);
    expect(served.body).toContain(`STATUS:COMPLETED${CRLF}`);
    expect(served.body).toContain(`X-KEEP:me${CRLF}`);

    expect((await dav('DELETE', item, undefined, { 'if-match': etag })).statusCode).toBe(412);
    expect(await todos()).toHaveLength(1);
    expect((await dav('DELETE', item)).statusCode).toBe(204);
    expect(await todos()).toEqual([]);
    expect((await dav('GET', item)).statusCode).toBe(404);
    expect((await dav('DELETE', item)).statusCode).toBe(404);
  });

  it('refuses what it cannot take with the right status and precondition, changing nothing', async () => {
    await setUp();
    const userId = home.split('/')[3] ?? '';
    const one = vtodo('UID:one', 'SUMMARY:One');
    expect((await dav('PUT', `${inbox}one.ics`, calendar(...one), ICS)).statusCode).toBe(201);
    const refusals: [string, string, Record<string, string>, number, string | undefined][] = [
      [
        `${inbox}two.ics`,
        calendar(...one, ...vtodo('UID:two', 'SUMMARY:Two')),
        ICS,
        403,
        'valid-calendar-object-resource',
      ],
      [
        `${inbox}ev.ics`,
        calendar('BEGIN:VEVENT', 'UID:ev', 'DTSTART:20261201T100000Z', 'END:VEVENT'),
        ICS,
        403,
        'supported-calendar-component',
      ],
      [
        `${inbox}bad.ics`,
        'BEGIN:VCALENDAR\r\nthis is not iCalendar\r\n',
        ICS,
        400,
        'valid-calendar-data',
      ],
      [
        `${inbox}nouid.ics`,
        calendar(...vtodo('SUMMARY:No UID')),
        ICS,
        403,
        'valid-calendar-object-resource',
      ],
      [
        `${inbox}same.ics`,
        calendar(...vtodo('UID:one', 'SUMMARY:Again')),
        ICS,
        409,
        'no-uid-conflict',
      ],
      [
        `${inbox}json.ics`,
        calendar(...vtodo('UID:j', 'SUMMARY:J')),
        { 'content-type': 'application/json' },
        415,
        'supported-calendar-data',
      ],
      [
        `${home}daily-goals/g.ics`,
        calendar(...vtodo('UID:g', 'SUMMARY:G')),
        ICS,
        403,
        'need-privileges',
      ],
      [`${home}no-such-list/x.ics`, calendar(...vtodo('UID:x', 'SUMMARY:X')), ICS, 404, undefined],
      [
        `/dav/calendars/${userId}x/inbox/x.ics`,
        calendar(...vtodo('UID:x', 'SUMMARY:X')),
        ICS,
        404,
        undefined,
      ],
      [
        `${inbox}big.ics`,
        calendar(...vtodo('UID:big', `DESCRIPTION:${'x'.repeat(300_000)}`)),
        ICS,
        413,
        undefined,
      ],
      [
        `${inbox}long.ics`,
        calendar(...vtodo('UID:long', `SUMMARY:${'x'.repeat(300)}`)),
        ICS,
        400,
        undefined,
      ],
    ];
    for (const [url, body, headers, status, element] of refusals) {
      const response = await dav('PUT', url, body, headers);
      expect(response.statusCode, url).toBe(status);
      if (element) {
        expect(response.body, url).toContain(element);
        expect(errorElement(response.body), url).toBe(element);
      }
    }
    expect((await todos()).map((todo) => todo.title)).toEqual(['One']);

    // The tag quota holds as in Settings: a CATEGORIES past it is refused, nothing written.
    const { db } = ctx.app.database;
    await db
      .insertInto('user_tags')
      .values(
        Array.from({ length: QUOTAS.tags }, (_, index) => ({
          id: `tag-${index}`,
          user_id: userId,
          name: `Tag ${index}`,
          name_key: `tag ${index}`,
          color: '#3B82F6',
          created_at: new Date().toISOString(),
        })),
      )
      .execute();
    const tagged = calendar(...vtodo('UID:t', 'SUMMARY:Tagged', 'CATEGORIES:Brand new'));
    const quota = await dav('PUT', `${inbox}t.ics`, tagged, ICS);
    expect(quota.statusCode).toBe(403);
    expect((await todos()).map((todo) => todo.title)).toEqual(['One']);
  });

  it('moves a todo between lists keeping its id, and makes and deletes lists', async () => {
    await setUp();
    const made = await dav(
      'MKCALENDAR',
      `${home}groceries-list/`,
      `<?xml version="1.0"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="${NS.caldav}" xmlns:a="${NS.apple}">` +
        '<d:set><d:prop><d:displayname>Groceries</d:displayname>' +
        '<a:calendar-color>#22AA44FF</a:calendar-color></d:prop></d:set></c:mkcalendar>',
    );
    expect(made.statusCode, made.body).toBe(201);
    const lists = (await app.api.get('/api/lists', app.cookie)).json<{
      lists: { id: string; name: string; color: string }[];
    }>().lists;
    expect(lists).toMatchObject([{ name: 'Groceries', color: '#22AA44' }]);
    const again = await dav('MKCALENDAR', `${home}groceries-list/`);
    expect(again.statusCode).toBe(403);
    expect(errorElement(again.body)).toBe('resource-must-be-null');

    const item = calendar(...vtodo('UID:milk', 'SUMMARY:Milk'));
    expect((await dav('PUT', `${inbox}milk.ics`, item, ICS)).statusCode).toBe(201);
    const [before] = await todos();
    const host = 'http://localhost';
    const moved = await dav('MOVE', `${inbox}milk.ics`, undefined, {
      destination: `${host}${home}groceries-list/milk.ics`,
    });
    expect(moved.statusCode).toBe(201);
    const [after] = await todos();
    expect(after).toMatchObject({ id: before?.id, listId: lists[0]?.id, title: 'Milk' });
    expect((await dav('GET', `${inbox}milk.ics`)).statusCode).toBe(404);
    expect((await dav('GET', `${home}groceries-list/milk.ics`)).body).toContain('UID:milk');

    // Overwrite: F keeps what is at the destination.
    expect(
      (await dav('PUT', `${inbox}eggs.ics`, calendar(...vtodo('UID:eggs', 'SUMMARY:Eggs')), ICS))
        .statusCode,
    ).toBe(201);
    const refused = await dav('MOVE', `${inbox}eggs.ics`, undefined, {
      destination: `${home}groceries-list/milk.ics`,
      overwrite: 'F',
    });
    expect(refused.statusCode).toBe(412);
    const nowhere = await dav('MOVE', `${inbox}eggs.ics`, undefined, {
      destination: `${home}no-such-list/eggs.ics`,
    });
    expect(nowhere.statusCode).toBe(409);
    expect((await todos()).map((todo) => todo.title).sort()).toEqual(['Eggs', 'Milk']);

    const inboxDelete = await dav('DELETE', inbox);
    expect(inboxDelete.statusCode).toBe(403);
    expect((await dav('DELETE', `${home}groceries-list/`)).statusCode).toBe(204);
    expect(
      (await app.api.get('/api/lists', app.cookie)).json<{ lists: unknown[] }>().lists,
    ).toEqual([]);
    expect((await todos()).map((todo) => todo.title)).toEqual(['Eggs']);
  });

  it('never answers a 5xx to fuzzed PUT bodies, and serves whatever it took (fixed seed)', async () => {
    await setUp();
    let seed = 34;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    const pieces = [
      ';',
      ':',
      '=',
      ',',
      '"',
      '\\',
      'T',
      'Z',
      '-P',
      'TZID=Nowhere/Else',
      CRLF,
      ' ',
      'VALUE=DATE',
      '99999999',
      'BEGIN:VALARM',
      'END:VTODO',
      'ü',
    ];
    const lines = calendar(
      ...PARIS,
      ...vtodo(
        'UID:fuzz',
        'SUMMARY:Fuzz',
        'DUE;TZID=Europe/Paris:20261201T100000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO',
        'CATEGORIES:A,B',
        'RELATED-TO;RELTYPE=PARENT:none',
        'SEQUENCE:1',
        ...UNMODELLED,
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        'TRIGGER;VALUE=DATE-TIME:20261201T080000Z',
        'END:VALARM',
      ),
    );
    for (let round = 0; round < 60; round += 1) {
      let body = lines;
      for (let edit = 0; edit <= random(3); edit += 1) {
        const at = random(body.length);
        body =
          body.slice(0, at) + (pieces[random(pieces.length)] ?? '') + body.slice(at + random(4));
      }
      const response = await dav(
        'PUT',
        `${inbox}fuzz-${round}.ics`,
        body.replace('UID:fuzz', `UID:fuzz-${round}`),
        ICS,
      );
      expect(response.statusCode, body).toBeLessThan(500);
    }
    const listed = await dav(
      'REPORT',
      inbox,
      '<?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">' +
        '<d:prop><d:getetag/><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"/>' +
        '</c:filter></c:calendar-query>',
    );
    expect(listed.statusCode).toBe(207);
  });
});
