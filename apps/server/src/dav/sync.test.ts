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
