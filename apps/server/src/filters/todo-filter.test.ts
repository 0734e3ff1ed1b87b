import type { List, Tag, Todo } from '@daywise/shared/schemas';
import { beforeEach, describe, expect, it } from 'vitest';

import { ENGINES } from '../../test/helpers';
import { eachSignedIn, type SignedInApp } from '../../test/signed-in';

/**
 * `GET /api/todos?filter=`: the filter language over the API (issue 32, ADR 0028). The clock reads
 * 20:00 UTC on Saturday 21 November 2026, already Sunday the 22nd in Auckland, the user's zone:
 * every day in a query is the user's.
 */
describe.each(ENGINES)('todos by filter on %s', (engine) => {
  let app: SignedInApp;
  eachSignedIn(engine, (signedIn) => (app = signedIn), new Date('2026-11-21T20:00:00.000Z'));

  const send: SignedInApp['send'] = (...args) => app.send(...args);
  const created = async <T>(url: string, payload: object, cookie?: string) => {
    const response = await send('POST', url, payload, cookie);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<T>();
  };
  const get = (filter: string, rest = '', cookie = app.cookie) =>
    app.api.get(
      `/api/todos?filter=${encodeURIComponent(filter)}${rest.includes('limit=') ? '' : '&limit=100'}${rest}`,
      cookie,
    );
  const titles = async (filter: string, rest = '') => {
    const response = await get(filter, rest);
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<{ items: Todo[] }>()
      .items.map((todo) => todo.title)
      .sort();
  };

  let work: List;
  let waiting: Tag;

  beforeEach(async () => {
    const zone = await send('PATCH', '/api/settings', {
      group: 'preferences',
      key: 'timezone',
      value: 'Pacific/Auckland',
    });
    expect(zone.statusCode, zone.body).toBe(200);
    work = await created<List>('/api/lists', { name: 'Work' });
    const home = await created<List>('/api/lists', { name: 'École et maison' });
    waiting = await created<Tag>('/api/tags', { name: 'Waiting', color: '#EF4444' });
    const deep = await created<Tag>('/api/tags', { name: 'deep work', color: '#10B981' });
    const todo = (title: string, fields: object = {}) =>
      created<Todo>('/api/todos', { title, ...fields });
    await todo('Today at work', {
      dueDate: '2026-11-22',
      priority: 'high',
      listId: work.id,
      tagIds: [waiting.id],
    });
    await todo('Overdue', { dueDate: '2026-11-21', priority: 'medium' });
    const done = await todo('Done yesterday', { dueDate: '2026-11-21', priority: 'low' });
    expect((await send('PATCH', `/api/todos/${done.id}`, { completed: true })).statusCode).toBe(
      200,
    );
    await todo('Tomorrow at home', { dueDate: '2026-11-23', priority: 'low', listId: home.id });
    await todo('Undated', { description: 'The Quarterly report, 100% done_ish' });
    await todo('Daily', {
      dueDate: '2026-11-24',
      repeat: { rule: 'FREQ=DAILY', from: 'due' },
      tagIds: [deep.id],
    });
    await todo('In six days', { dueDate: '2026-11-28', listId: work.id });
    await todo('In seven days', { dueDate: '2026-11-29' });
  });

  it('reads every term in the user’s day', async () => {
    const cases: [string, string[]][] = [
      ['today', ['Today at work']],
      ['tomorrow', ['Tomorrow at home']],
      ['overdue', ['Overdue']],
      ['no date', ['Undated']],
      ['next 7 days', ['Daily', 'In six days', 'Today at work', 'Tomorrow at home']],
      ['next 1 day', ['Today at work']],
      ['due before: 2026-11-22', ['Done yesterday', 'Overdue']],
      ['due before: today', ['Done yesterday', 'Overdue']],
      ['due after: +6d', ['In seven days']],
      ['due after: +1w', []],
      ['due before: -1d', []],
      ['due after: 2026-11-27 & due before: +1w', ['In six days']],
      ['p1', ['Today at work']],
      ['p2', ['Daily', 'In seven days', 'In six days', 'Overdue', 'Undated']],
      ['p3', ['Done yesterday', 'Tomorrow at home']],
      ['#Work', ['In six days', 'Today at work']],
      ['#work', ['In six days', 'Today at work']],
      ['#"école ET MAISON"', ['Tomorrow at home']],
      ['@waiting', ['Today at work']],
      ['@"Deep Work"', ['Daily']],
      ['inbox', ['Daily', 'Done yesterday', 'In seven days', 'Overdue', 'Undated']],
      ['recurring', ['Daily']],
      ['completed', ['Done yesterday']],
      ['search: quarterly REPORT', ['Undated']],
      ['search: 100%', ['Undated']],
      ['search: o_e', []],
      ['search: done_', ['Undated']],
      ['search: at', ['Today at work', 'Tomorrow at home', 'Undated']],
    ];
    for (const [filter, expected] of cases) {
      expect(await titles(filter), filter).toEqual(expected);
    }
  });

  it('combines terms with &, | and !, ! keeping the todos a term leaves out', async () => {
    const cases: [string, string[]][] = [
      ['(today | overdue) & #Work & !@waiting', []],
      ['(today | overdue) & !@waiting', ['Overdue']],
      ['today | overdue & p2', ['Overdue', 'Today at work']],
      ['(today | overdue) & p2', ['Overdue']],
      ['!today & !completed & !inbox', ['In six days', 'Tomorrow at home']],
      ['!no date & due before: +2d & !completed', ['Overdue', 'Today at work', 'Tomorrow at home']],
      [
        '!#Work & !recurring & !no date & !completed',
        ['In seven days', 'Overdue', 'Tomorrow at home'],
      ],
      ['!@waiting & #Work', ['In six days']],
      ['!search: at & !completed & !recurring', ['In seven days', 'In six days', 'Overdue']],
      ['!p1 & !p2 & !p3', []],
    ];
    for (const [filter, expected] of cases) {
      expect(await titles(filter), filter).toEqual(expected);
    }
  });

  it('matches no todo for a list or tag the user does not have, nor another user’s', async () => {
    const grace = await app.api.signUpAndVerify('grace@example.com');
    const theirs = await created<List>('/api/lists', { name: 'Garden' }, grace);
    await created<Tag>('/api/tags', { name: 'later', color: '#10B981' }, grace);
    await created<Todo>('/api/todos', { title: 'Grace’s', listId: theirs.id }, grace);
    expect(await titles('#Garden')).toEqual([]);
    expect(await titles('@later')).toEqual([]);
    expect(await titles('#Nowhere | @nothing')).toEqual([]);
    expect((await titles('!#Nowhere')).length).toBe(8);
    // And Grace sees only hers.
    const hers = await get('#Garden | #Work | today', '', grace);
    expect(hers.json<{ items: Todo[] }>().items.map((todo) => todo.title)).toEqual(['Grace’s']);
  });

  it('reads the names as they are now: a list, a section or a tag renamed or added', async () => {
    expect(await titles('#Work')).toEqual(['In six days', 'Today at work']);
    expect(await titles('@waiting')).toEqual(['Today at work']);
    expect(await titles('#Office')).toEqual([]);
    // The names a page looked up are kept, until the user's lists, sections or tags change.
    expect((await send('PATCH', `/api/lists/${work.id}`, { name: 'Office' })).statusCode).toBe(200);
    expect(await titles('#Work')).toEqual([]);
    expect(await titles('#Office')).toEqual(['In six days', 'Today at work']);
    expect((await send('PATCH', `/api/tags/${waiting.id}`, { name: 'Blocked' })).statusCode).toBe(
      200,
    );
    expect(await titles('@waiting')).toEqual([]);
    const fresh = await created<Tag>('/api/tags', { name: 'waiting', color: '#EF4444' });
    const overdue = (await get('overdue')).json<{ items: Todo[] }>().items[0] as Todo;
    await send('PATCH', `/api/todos/${overdue.id}`, { tagIds: [fresh.id] });
    expect(await titles('@waiting')).toEqual(['Overdue']);
    expect(await titles('#Office/Now')).toEqual([]);
    const now = await created<{ id: string }>('/api/sections', { listId: work.id, name: 'Now' });
    await send('PATCH', `/api/todos/${overdue.id}`, { listId: work.id, sectionId: now.id });
    expect(await titles('#Office/Now')).toEqual(['Overdue']);
    await send('PATCH', `/api/sections/${now.id}`, { name: 'Soon' });
    expect(await titles('#Office/Now')).toEqual([]);
    expect(await titles('#Office/Soon')).toEqual(['Overdue']);
  });

  it('applies the other filters and pages with a count of every match', async () => {
    expect(await titles('next 7 days', '&status=pending&priority=low')).toEqual([
      'Tomorrow at home',
    ]);
    expect(await titles('!no date', '&q=day')).toEqual([
      'Done yesterday',
      'In seven days',
      'In six days',
      'Today at work',
    ]);
    expect(await titles('!no date', `&list=${work.id}`)).toEqual(['In six days', 'Today at work']);
    const first = await get('!completed', '&limit=4&sort=due');
    expect(first.json()).toMatchObject({ total: 7, totalIsLowerBound: false });
    const page = first.json<{ items: Todo[]; nextCursor: string }>();
    expect(page.items.map((todo) => todo.title)).toEqual([
      'Overdue',
      'Today at work',
      'Tomorrow at home',
      'Daily',
    ]);
    const second = await app.api.get(
      `/api/todos?filter=${encodeURIComponent('!completed')}&limit=4&sort=due&cursor=${page.nextCursor}`,
      app.cookie,
    );
    expect(second.json<{ items: Todo[] }>().items.map((todo) => todo.title)).toEqual([
      'In six days',
      'In seven days',
      'Undated',
    ]);
    expect((await get('search: a', '&limit=1')).json()).toMatchObject({ total: 7 });
  });

  it('reads subtask and #List/Section, a subtask being in its parent’s section', async () => {
    const meetings = await created<{ id: string }>('/api/sections', {
      listId: work.id,
      name: 'Meetings',
    });
    // A section of the same name in another list, and one in the Inbox, are other sections.
    const other = await created<List>('/api/lists', { name: 'Other' });
    await created('/api/sections', { listId: other.id, name: 'Meetings' });
    await created('/api/sections', { listId: null, name: 'Meetings' });
    const standUp = await created<Todo>('/api/todos', {
      title: 'Stand-up',
      listId: work.id,
      sectionId: meetings.id,
    });
    await created<Todo>('/api/todos', { title: 'Agenda', parentId: standUp.id });
    await created<Todo>('/api/todos', { title: 'Elsewhere', listId: other.id });
    const cases: [string, string[]][] = [
      ['subtask', ['Agenda']],
      ['#Work/Meetings', ['Agenda', 'Stand-up']],
      ['#WORK/"meetings"', ['Agenda', 'Stand-up']],
      ['#Work/Meetings & !subtask', ['Stand-up']],
      ['#Work & !#Work/Meetings', ['In six days', 'Today at work']],
      ['#Work/Nope', []],
      ['#Nowhere/Meetings', []],
      ['#Other/Meetings', []],
      ['subtask & #"Work"', ['Agenda']],
    ];
    for (const [filter, expected] of cases) {
      expect(await titles(filter), filter).toEqual(expected);
    }
  });

  it('counts a list filter by its own todos, not all of them', async () => {
    const response = await app.api.get(`/api/todos?list=${work.id}`, app.cookie);
    expect(response.json()).toMatchObject({ total: 2 });
  });

  it('refuses a query that does not parse with 400, its position and message', async () => {
    const cases: [string, number, string][] = [
      ['today &', 7, "Expected a term after '&' at 7"],
      ['(today | overdue', 16, "Expected ')' at 16"],
      ['', 0, 'The filter is empty at 0'],
      ['#Work/', 6, "Expected a section name after '/' at 6"],
      ['p1 | '.repeat(250), 1000, 'A filter can be at most 1,000 characters at 1000'],
    ];
    for (const [filter, position, message] of cases) {
      const response = await get(filter);
      expect(response.statusCode, filter).toBe(400);
      expect(response.json(), filter).toEqual({
        error: { code: 'FILTER_INVALID', message, fields: { filter: message }, position },
      });
    }
  });
});
