import { describe, expect, it } from 'vitest';

import {
  createToken,
  davClient,
  type DavRequest,
  multistatus,
  propfindBody,
  userIdOf,
} from '../../test/dav-client';
import { ENGINES } from '../../test/helpers';
import { eachSignedIn, type SignedInApp } from '../../test/signed-in';
import { logTodo } from './sync-log';
import { clark, NS } from './xml';

const syncBody = (token: string, level = '1') => `<?xml version="1.0" encoding="utf-8"?>
<d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
  <d:sync-token>${token}</d:sync-token><d:sync-level>${level}</d:sync-level>
  <d:prop><d:getetag/><c:calendar-data/></d:prop>
</d:sync-collection>`;

const errorElement = (body: string) => /<[a-z]+:([a-z-]+)\/>/.exec(body)?.[1];

describe.each(ENGINES)('CalDAV sync-collection on %s', (engine) => {
  let app: SignedInApp;
  let dav: DavRequest;
  let home: string;

  eachSignedIn(engine, (signedIn) => {
    app = signedIn;
  });

  async function setUp() {
    dav = davClient(app.ctx, 'ada@example.com', await createToken(app.ctx, app.cookie));
    home = `/dav/calendars/${await userIdOf(app.ctx, app.cookie)}/`;
  }

  async function createTodo(body: object): Promise<string> {
    const response = await app.send('POST', '/api/todos', { title: 'A todo', ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  /** The todo `id` as the app lists it, or undefined. */
  const todo = async (id: string) =>
    (await app.api.get('/api/todos?limit=100', app.cookie))
      .json<{ items: { id: string; title: string; listId: string | null }[] }>()
      .items.find((each) => each.id === id);

  /** A sync of `collection` since `token`: each href with its status, and the new token. */
  async function sync(collection: string, token: string) {
    const response = await dav('REPORT', collection, syncBody(token));
    expect(response.statusCode, response.body).toBe(207);
    const next = /<d:sync-token>([^<]*)<\/d:sync-token>/.exec(response.body)?.[1] ?? '';
    const items = multistatus(response.body.replace(/<d:sync-token>[^<]*<\/d:sync-token>/, ''));
    return {
      token: next,
      changed: items.filter((each) => !each.status).map((each) => each.href),
      gone: items.filter((each) => each.status?.includes(' 404 ')).map((each) => each.href),
      items,
    };
  }

  const tokenProperty = async (collection: string) =>
    multistatus(
      (await dav('PROPFIND', collection, propfindBody('d:sync-token', 'cs:getctag'))).body,
    )[0]?.found.get(clark(NS.dav, 'sync-token'))?.text;

  it('answers every member first, then only what the app changed, moved and deleted', async () => {
    await setUp();
    const inbox = `${home}inbox/`;
    const options = await dav('OPTIONS', inbox);
    expect(options.headers.dav).toContain('sync-collection');
    const reports = multistatus(
      (await dav('PROPFIND', inbox, propfindBody('d:supported-report-set'))).body,
    )[0]?.found.get(clark(NS.dav, 'supported-report-set'));
    expect(JSON.stringify(reports)).toContain('sync-collection');

    const kept = await createTodo({ title: 'Kept' });
    const edited = await createTodo({ title: 'Edited' });
    const moved = await createTodo({ title: 'Moved' });
    const deleted = await createTodo({ title: 'Deleted' });
    const first = await sync(inbox, '');
    expect(first.changed.sort()).toEqual(
      [kept, edited, moved, deleted].map((id) => `${inbox}${id}.ics`).sort(),
    );
    expect(first.items[0]?.found.get(clark(NS.caldav, 'calendar-data'))?.text).toContain(
      'BEGIN:VTODO',
    );
    expect(await tokenProperty(inbox)).toBe(first.token);
    expect((await sync(inbox, first.token)).items).toEqual([]);

    const list = (await app.send('POST', '/api/lists', { name: 'Work' })).json<{ id: string }>();
    const work = `${home}${list.id}/`;
    const workStart = await sync(work, '');
    expect(workStart.items).toEqual([]);
    expect((await app.send('PATCH', `/api/todos/${edited}`, { title: 'Changed' })).statusCode).toBe(
      200,
    );
    expect((await app.send('PATCH', `/api/todos/${moved}`, { listId: list.id })).statusCode).toBe(
      200,
    );
    expect((await app.send('DELETE', `/api/todos/${deleted}`)).statusCode).toBe(204);

    const second = await sync(inbox, first.token);
    expect(second.changed).toEqual([`${inbox}${edited}.ics`]);
    expect(second.gone.sort()).toEqual([`${inbox}${moved}.ics`, `${inbox}${deleted}.ics`].sort());
    expect(second.token).not.toBe(first.token);
    expect((await sync(work, workStart.token)).changed).toEqual([`${work}${moved}.ics`]);

    // Deleting the list moves its todos to the Inbox: there on the next sync.
    expect((await app.send('DELETE', `/api/lists/${list.id}?todos=move`)).statusCode).toBe(204);
    expect((await sync(inbox, second.token)).changed).toEqual([`${inbox}${moved}.ics`]);
    expect((await dav('REPORT', work, syncBody(workStart.token))).statusCode).toBe(404);
  });

  it('follows plan tasks in Daily goals and the time zone in every collection', async () => {
    await setUp();
    const goals = `${home}daily-goals/`;
    const inbox = `${home}inbox/`;
    const todo = await createTodo({ title: 'Call', dueDate: '2026-11-25', dueTime: '09:00' });
    const start = await sync(goals, '');
    const inboxStart = await sync(inbox, '');
    const plan = await app.send('POST', '/api/plans', {
      title: 'Saturday',
      planDate: '2026-11-21',
      tasks: [{ title: 'Run' }, { title: 'Read' }],
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const { id: planId, tasks } = plan.json<{ id: string; tasks: { id: string }[] }>();
    const created = await sync(goals, start.token);
    expect(created.changed.sort()).toEqual(tasks.map((task) => `${goals}${task.id}.ics`).sort());

    expect((await app.send('DELETE', `/api/plans/${planId}`)).statusCode).toBe(204);
    const removed = await sync(goals, created.token);
    expect(removed.gone.sort()).toEqual(tasks.map((task) => `${goals}${task.id}.ics`).sort());

    const zone = await app.send('PATCH', '/api/settings', {
      group: 'preferences',
      key: 'timezone',
      value: 'Asia/Tokyo',
    });
    expect(zone.statusCode).toBe(200);
    expect((await sync(inbox, inboxStart.token)).changed).toEqual([`${inbox}${todo}.ics`]);
  });

  it('moves a todo a client copies into another collection and then deletes', async () => {
    await setUp();
    const list = (await app.send('POST', '/api/lists', { name: 'Work' })).json<{ id: string }>();
    const work = `${home}${list.id}/`;
    const id = await createTodo({ title: 'Travel', listId: list.id });
    const workStart = await sync(work, '');
    const inboxStart = await sync(`${home}inbox/`, '');
    const body = (await dav('GET', `${work}${id}.ics`)).body;
    const ics = { 'content-type': 'text/calendar; charset=utf-8' };
    const again = await dav('PUT', `${home}${list.id}/copy.ics`, body, {
      ...ics,
      'if-none-match': '*',
    });
    expect(again.statusCode).toBe(409);
    expect(errorElement(again.body)).toBe('no-uid-conflict');

    const copy = await dav('PUT', `${home}inbox/copy.ics`, body, { ...ics, 'if-none-match': '*' });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(await todo(id)).toMatchObject({ title: 'Travel', listId: null });
    expect((await dav('DELETE', `${work}${id}.ics`)).statusCode).toBe(204);
    expect(await todo(id)).toMatchObject({ title: 'Travel', listId: null });
    expect((await dav('GET', `${home}inbox/copy.ics`)).statusCode).toBe(200);
    expect((await dav('DELETE', `${work}never-there.ics`)).statusCode).toBe(404);
    expect((await sync(work, workStart.token)).gone).toEqual([`${work}${id}.ics`]);
    expect((await sync(`${home}inbox/`, inboxStart.token)).changed).toEqual([
      `${home}inbox/copy.ics`,
    ]);
  });

  it('renames and recolours a list with PROPPATCH, all or nothing', async () => {
    await setUp();
    const list = (await app.send('POST', '/api/lists', { name: 'Work', color: '#2563EB' })).json<{
      id: string;
    }>();
    const work = `${home}${list.id}/`;
    const patch = (props: string, operation = 'set') =>
      dav(
        'PROPPATCH',
        work,
        `<?xml version="1.0" encoding="utf-8"?><d:propertyupdate xmlns:d="DAV:" xmlns:ical="http://apple.com/ns/ical/" xmlns:x="urn:x"><d:${operation}><d:prop>${props}</d:prop></d:${operation}></d:propertyupdate>`,
      );
    /** The properties not set (403, 409 or 424). */
    const failed = (body: string) => multistatus(body).flatMap((response) => response.missing);
    const lists = async () =>
      (await app.api.get('/api/lists', app.cookie))
        .json<{ lists: { id: string; name: string; color: string }[] }>()
        .lists.find((each) => each.id === list.id);

    const done = await patch(
      '<d:displayname>Office</d:displayname><ical:calendar-color>#16a34aff</ical:calendar-color>',
    );
    expect(done.statusCode).toBe(207);
    expect(done.body).toContain('HTTP/1.1 200 OK');
    expect(await lists()).toMatchObject({ name: 'Office', color: '#16A34A' });

    const refused = await patch('<d:displayname>Home</d:displayname><x:mood>calm</x:mood>');
    expect(refused.statusCode).toBe(207);
    expect(refused.body).toContain('HTTP/1.1 403 Forbidden');
    expect(refused.body).toContain('HTTP/1.1 424 Failed Dependency');
    expect(failed(refused.body).sort()).toEqual(['{DAV:}displayname', '{urn:x}mood']);
    const unnamed = await patch('<d:displayname> </d:displayname>');
    expect(unnamed.body).toContain('HTTP/1.1 409 Conflict');
    expect((await patch('<ical:calendar-color/>', 'remove')).body).toContain('403 Forbidden');
    const inbox = await dav(
      'PROPPATCH',
      `${home}inbox/`,
      '<d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>Mine</d:displayname></d:prop></d:set></d:propertyupdate>',
    );
    expect(inbox.body).toContain('HTTP/1.1 403 Forbidden');
    expect(await lists()).toMatchObject({ name: 'Office', color: '#16A34A' });
    const name = multistatus(
      (await dav('PROPFIND', work, propfindBody('d:displayname'))).body,
    )[0]?.found.get(clark(NS.dav, 'displayname'))?.text;
    expect(name).toBe('Office');
  });

  it('refuses a token that is not one, is from the future or is older than the log keeps', async () => {
    await setUp();
    const inbox = `${home}inbox/`;
    const todo = await createTodo({ title: 'One' });
    const { token } = await sync(inbox, '');
    for (const bad of ['https://example.com/sync/1', `${token}9`, 'urn:daywise:sync:-1']) {
      const response = await dav('REPORT', inbox, syncBody(bad));
      expect(response.statusCode, bad).toBe(403);
      expect(errorElement(response.body)).toBe('valid-sync-token');
    }
    const infinite = await dav('REPORT', inbox, syncBody(token, 'infinite'));
    expect(infinite.statusCode).toBe(403);
    expect(errorElement(infinite.body)).toBe('sync-traversal-supported');
    const item = await dav('REPORT', `${inbox}${todo}.ics`, syncBody(token));
    expect(item.statusCode).toBe(403);
    expect(errorElement(item.body)).toBe('supported-report');

    // Two more changes with a log that keeps one revision: the token is past it.
    const { db } = app.ctx.app.database;
    const userId = await userIdOf(app.ctx, app.cookie);
    for (let round = 0; round < 2; round += 1) {
      await db.transaction().execute((trx) => logTodo(trx, userId, todo, 1));
    }
    const old = await dav('REPORT', inbox, syncBody(token));
    expect(old.statusCode).toBe(403);
    expect(errorElement(old.body)).toBe('valid-sync-token');
    const fresh = await sync(inbox, '');
    expect(fresh.changed).toEqual([`${inbox}${todo}.ics`]);
  });
});
