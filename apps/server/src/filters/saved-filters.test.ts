import { DEFAULT_TAG_COLOR, QUOTAS } from '@daywise/shared';
import type { List, SavedFilter, SavedFiltersAnswer, Tag, Todo } from '@daywise/shared/schemas';
import { describe, expect, it } from 'vitest';

import { ENGINES, SAME_ORIGIN } from '../../test/helpers';
import { eachSignedIn, type SignedInApp } from '../../test/signed-in';

describe.each(ENGINES)('saved filters on %s', (engine) => {
  let app: SignedInApp;
  eachSignedIn(engine, (signedIn) => (app = signedIn));

  const send: SignedInApp['send'] = (...args) => app.send(...args);
  const created = async <T>(url: string, payload: object, cookie?: string) => {
    const response = await send('POST', url, payload, cookie);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<T>();
  };
  const newFilter = (name: string, query: string, cookie?: string) =>
    created<SavedFilter>('/api/filters', { name, query }, cookie);
  const filters = async (cookie = app.cookie) => {
    const response = await app.api.get('/api/filters', cookie);
    expect(response.statusCode).toBe(200);
    return response.json<SavedFiltersAnswer>().filters;
  };
  const summary = async () =>
    (await filters()).map((filter) => `${filter.position}:${filter.name}:${filter.openCount}`);

  it('saves, answers, renames, recolours and changes the query of a filter', async () => {
    expect(await filters()).toEqual([]);
    const urgent = await newFilter('  Urgent  ', '  p1 & !completed ');
    expect(urgent).toEqual({
      id: expect.any(String) as string,
      name: 'Urgent',
      color: DEFAULT_TAG_COLOR,
      query: 'p1 & !completed',
      position: 0,
      openCount: 0,
      createdAt: '2026-11-21T09:00:00.000Z',
      updatedAt: '2026-11-21T09:00:00.000Z',
    });
    const later = await created<SavedFilter>('/api/filters', {
      name: 'Later',
      color: '#10b981',
      query: 'no date',
    });
    expect(later).toMatchObject({ color: '#10B981', position: 1 });
    expect(await filters()).toEqual([urgent, later]);

    app.clock.advance(60_000);
    const changed = await send('PATCH', `/api/filters/${urgent.id}`, {
      name: 'Today',
      color: '#EF4444',
      query: 'today',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      ...urgent,
      name: 'Today',
      color: '#EF4444',
      query: 'today',
      updatedAt: '2026-11-21T09:01:00.000Z',
    });
    expect((await filters())[0]).toEqual(changed.json());
  });

  it('counts the open todos each filter matches, as todos, lists and tags change', async () => {
    const work = await created<List>('/api/lists', { name: 'Work' });
    const waiting = await created<Tag>('/api/tags', { name: 'waiting', color: '#EF4444' });
    await newFilter('Today', 'today | overdue');
    await newFilter('Work, not waiting', '#work & !@waiting');
    await newFilter('Nowhere', '#Nowhere');
    await newFilter('Done', 'completed');
    await newFilter('Report', 'search: report');
    expect(await summary()).toEqual([
      '0:Today:0',
      '1:Work, not waiting:0',
      '2:Nowhere:0',
      '3:Done:0',
      '4:Report:0',
    ]);
    const todo = (title: string, fields: object = {}) =>
      created<Todo>('/api/todos', { title, ...fields });
    await todo('Report', { dueDate: '2026-11-21', listId: work.id });
    const waits = await todo('Waits', { listId: work.id, tagIds: [waiting.id] });
    const old = await todo('Old report', { dueDate: '2026-11-01' });
    await todo('Later', { dueDate: '2026-12-01', listId: work.id });
    expect(await summary()).toEqual([
      '0:Today:2',
      '1:Work, not waiting:2',
      '2:Nowhere:0',
      '3:Done:0',
      '4:Report:2',
    ]);
    // Completed todos leave the counts, even a filter's for completed ones: counts are of open.
    expect((await send('PATCH', `/api/todos/${old.id}`, { completed: true })).statusCode).toBe(200);
    expect((await send('PATCH', `/api/todos/${waits.id}`, { tagIds: [] })).statusCode).toBe(200);
    expect(await summary()).toEqual([
      '0:Today:1',
      '1:Work, not waiting:3',
      '2:Nowhere:0',
      '3:Done:0',
      '4:Report:1',
    ]);
    // A list or a tag renamed: the filters naming them match by name, so no longer.
    expect((await send('PATCH', `/api/lists/${work.id}`, { name: 'Office' })).statusCode).toBe(200);
    expect((await filters())[1]?.openCount).toBe(0);
    const tagged = await newFilter('Waiting', '@Waiting');
    expect(tagged.openCount).toBe(0);
    await send('PATCH', `/api/todos/${waits.id}`, { tagIds: [waiting.id] });
    expect((await filters())[5]?.openCount).toBe(1);
    expect((await send('PATCH', `/api/tags/${waiting.id}`, { name: 'blocked' })).statusCode).toBe(
      200,
    );
    expect((await filters())[5]?.openCount).toBe(0);
  });

  it('counts each filter as its page does, whether counted with the others or apart', async () => {
    const work = await created<List>('/api/lists', { name: 'Work' });
    const home = await created<List>('/api/lists', { name: 'Home' });
    const waiting = await created<Tag>('/api/tags', { name: 'waiting', color: '#EF4444' });
    const todo = (title: string, fields: object = {}) =>
      created<Todo>('/api/todos', { title, ...fields });
    // Saturday 21 November 2026.
    const report = await todo('Report', {
      dueDate: '2026-11-21',
      listId: work.id,
      priority: 'high',
    });
    await todo('Waits', { listId: work.id, tagIds: [waiting.id] });
    await todo('Old report', { dueDate: '2026-11-01' });
    await todo('Later', { dueDate: '2026-11-25', listId: home.id, priority: 'low' });
    await todo('Tomorrow', { dueDate: '2026-11-22', tagIds: [waiting.id] });
    await todo('Sub', { parentId: report.id });
    await todo('Daily', {
      dueDate: '2026-11-21',
      listId: home.id,
      repeat: { rule: 'FREQ=DAILY', from: 'due' },
    });
    const done = await todo('Done', { dueDate: '2026-11-21', listId: work.id });
    expect((await send('PATCH', `/api/todos/${done.id}`, { completed: true })).statusCode).toBe(
      200,
    );
    // The open todos each query matches, by title, as a reader of the data above counts them.
    const expected: Record<string, number> = {
      today: 2,
      '!today': 5,
      'today | overdue': 3,
      '!(today | overdue)': 4,
      '#Work': 3,
      '!#Work': 4,
      '#Work & !@waiting': 2,
      '@waiting': 2,
      '!@waiting': 5,
      '@waiting & no date': 1,
      '#Work | @waiting': 4,
      'tomorrow | next 7 days': 4,
      recurring: 1,
      '!recurring & #Home': 1,
      subtask: 1,
      completed: 0,
      '!completed & p1': 1,
      inbox: 2,
      'search: report': 2,
      'overdue & !#Work': 1,
      'due before: 2026-11-22 & !p1': 2,
      '#Nowhere | today': 2,
      '!#Nowhere': 7,
    };
    for (const [index, query] of Object.keys(expected).entries()) {
      await newFilter(`Filter ${index}`, query);
    }
    const counts = Object.fromEntries(
      (await filters()).map((filter) => [filter.query, filter.openCount]),
    );
    expect(counts).toEqual(expected);
    for (const query of Object.keys(expected)) {
      const page = await app.api.get(
        `/api/todos?status=pending&filter=${encodeURIComponent(query)}`,
        app.cookie,
      );
      expect(page.json<{ total: number }>().total, query).toBe(expected[query]);
    }
  });

  it('counts a #List/Section filter again when the section is renamed', async () => {
    const home = await created<List>('/api/lists', { name: 'Home' });
    const garden = await created<{ id: string }>('/api/sections', {
      listId: home.id,
      name: 'Garden',
    });
    await created<Todo>('/api/todos', { title: 'Prune', listId: home.id, sectionId: garden.id });
    await newFilter('Garden', '#Home/Garden');
    expect(await summary()).toEqual(['0:Garden:1']);
    const renamed = await send('PATCH', `/api/sections/${garden.id}`, { name: 'Yard' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await summary()).toEqual(['0:Garden:0']);
  });

  it('moves a filter to a position and closes the gap of a deleted one', async () => {
    const [a, b, c, d] = [
      await newFilter('A', 'p1'),
      await newFilter('B', 'p2'),
      await newFilter('C', 'p3'),
      await newFilter('D', 'today'),
    ];
    const names = async () =>
      (await filters()).map((filter) => `${filter.position}:${filter.name}`);
    const move = async (id: string | undefined, position: number) => {
      const response = await send('PATCH', `/api/filters/${id}`, { position });
      expect(response.statusCode).toBe(200);
      return response.json<SavedFilter>().position;
    };
    expect(await move(d?.id, 1)).toBe(1);
    expect(await names()).toEqual(['0:A', '1:D', '2:B', '3:C']);
    expect(await move(a?.id, 99)).toBe(3);
    expect(await names()).toEqual(['0:D', '1:B', '2:C', '3:A']);
    expect(await move(c?.id, 0)).toBe(0);
    expect(await names()).toEqual(['0:C', '1:D', '2:B', '3:A']);
    expect((await send('DELETE', `/api/filters/${d?.id}`)).statusCode).toBe(204);
    expect(await names()).toEqual(['0:C', '1:B', '2:A']);
    expect((await newFilter('E', 'inbox')).position).toBe(3);
    expect(b).toBeDefined();
  });

  it('refuses bad input with 400s and changes nothing', async () => {
    const kept = await newFilter('Kept', 'today');
    const refusals: [object, object][] = [
      [{ name: '', query: 'today' }, { fields: { name: 'Filter name is required' } }],
      [{ name: '   ', query: 'today' }, { fields: { name: 'Filter name is required' } }],
      [
        { name: 'x'.repeat(61), query: 'today' },
        { fields: { name: 'Filter name must be at most 60 characters' } },
      ],
      [{ name: 'Colour', query: 'today', color: 'red' }, { code: 'VALIDATION_FAILED' }],
      [{ name: 'No query' }, { code: 'VALIDATION_FAILED' }],
      [
        { name: 'Bad', query: '(today | overdue' },
        {
          code: 'FILTER_INVALID',
          message: "Expected ')' at 16",
          fields: { query: "Expected ')' at 16" },
          position: 16,
        },
      ],
      [
        { name: 'Empty', query: '   ' },
        { code: 'FILTER_INVALID', message: 'The filter is empty at 0', position: 0 },
      ],
      [
        { name: 'Long', query: 'p1 | '.repeat(250) },
        { code: 'FILTER_INVALID', position: 1000 },
      ],
    ];
    for (const [payload, error] of refusals) {
      const response = await send('POST', '/api/filters', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({ error });
    }
    const patches: [object, object][] = [
      [{}, { code: 'VALIDATION_FAILED' }],
      [{ name: '' }, { fields: { name: 'Filter name is required' } }],
      [{ query: 'today &' }, { code: 'FILTER_INVALID', position: 7 }],
      [{ position: -1 }, { code: 'VALIDATION_FAILED' }],
    ];
    for (const [payload, error] of patches) {
      const response = await send('PATCH', `/api/filters/${kept.id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({ error });
    }
    expect(await filters()).toEqual([kept]);
  });

  it("keeps each user to their own filters: 404 on another's, counts of their own todos", async () => {
    const grace = (await app.api.signUpAndVerify('grace@example.com')) ?? '';
    const theirs = await newFilter('Theirs', 'no date', grace);
    await created<Todo>('/api/todos', { title: 'Grace’s' }, grace);
    const mine = await newFilter('Mine', 'no date');
    expect((await filters()).map((filter) => [filter.name, filter.openCount])).toEqual([
      ['Mine', 0],
    ]);
    expect((await filters(grace)).map((filter) => [filter.name, filter.openCount])).toEqual([
      ['Theirs', 1],
    ]);
    for (const [method, payload] of [
      ['PATCH', { name: 'Taken' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await send(method, `/api/filters/${theirs.id}`, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    expect((await send('DELETE', '/api/filters/nope')).statusCode).toBe(404);
    expect(await filters(grace)).toEqual([{ ...theirs, openCount: 1 }]);
    expect(mine.position).toBe(0);
  });

  it(`refuses a filter past ${QUOTAS.savedFilters}`, async () => {
    const { db } = app.ctx.database;
    const { id: userId } = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await db
      .insertInto('saved_filters')
      .values(
        Array.from({ length: QUOTAS.savedFilters - 1 }, (_, index) => ({
          id: `filter-${index}`,
          user_id: userId,
          name: `Filter ${index}`,
          color: DEFAULT_TAG_COLOR,
          query: 'today',
          position: index,
          created_at: '2026-11-21T09:00:00.000Z',
          updated_at: '2026-11-21T09:00:00.000Z',
        })),
      )
      .execute();
    expect((await newFilter('Last', 'p1')).position).toBe(QUOTAS.savedFilters - 1);
    const over = await send('POST', '/api/filters', { name: 'One more', query: 'p2' });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({
      error: { code: 'QUOTA_EXCEEDED', message: 'You can have at most 100 saved filters.' },
    });
    expect(await filters()).toHaveLength(QUOTAS.savedFilters);
  });

  it('answers a repeated create with the same Idempotency-Key once', async () => {
    const request = () =>
      app.ctx.app.inject({
        method: 'POST',
        url: '/api/filters',
        payload: { name: 'Once', query: 'today' },
        headers: {
          ...SAME_ORIGIN,
          cookie: app.cookie,
          'idempotency-key': 'filter-key-0001',
        },
      });
    const [first, second] = [await request(), await request()];
    expect(first.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await filters()).toHaveLength(1);
  });

  it("takes the user's filters with their account, and no one else's", async () => {
    const grace = (await app.api.signUpAndVerify('grace@example.com')) ?? '';
    await newFilter('Grace', 'today', grace);
    await newFilter('Mine', 'today');
    expect((await send('DELETE', '/api/account')).statusCode).toBe(200);
    const rows = await app.ctx.database.db.selectFrom('saved_filters').select('name').execute();
    expect(rows).toEqual([{ name: 'Grace' }]);
  });
});
