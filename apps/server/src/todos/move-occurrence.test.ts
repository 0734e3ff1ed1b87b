import {
  type CalendarRange,
  type Todo,
  TODO_MOVE_MESSAGES,
  type TodoMoved,
} from '@daywise/shared/schemas';
import { describe, expect, it } from 'vitest';

import { ENGINES } from '../../test/helpers';
import { connectRealtime, listenForRealtime } from '../../test/realtime-client';
import { eachSignedIn, type SignedInApp } from '../../test/signed-in';

/**
 * Moving a repeating todo's occurrence or its series (issue 33, ADR 0031, Moving repeating
 * todos), from Saturday 21 November 2026, 09:00 UTC.
 */
describe.each(ENGINES)('moving repeating todos on %s', (engine) => {
  let app: SignedInApp;
  eachSignedIn(engine, (signedIn) => {
    app = signedIn;
  });

  const ok = async <T>(method: 'POST' | 'PATCH', url: string, payload?: object) => {
    const response = await app.send(method, url, payload);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<T>();
  };
  const todos = async () =>
    (await app.api.get('/api/todos?limit=100', app.cookie)).json<{ items: Todo[] }>().items;
  const calendar = async () =>
    (
      await app.api.get('/api/agenda/calendar?from=2026-11-23&to=2026-12-06', app.cookie)
    ).json<CalendarRange>();
  const weekly = (rule: string, fields: object = {}) =>
    ok<Todo>('POST', '/api/todos', {
      title: 'Swim',
      priority: 'high',
      dueDate: '2026-11-21',
      dueTime: '07:30',
      reminders: [{ before: 15 }],
      repeat: { rule, from: 'due' },
      ...fields,
    });
  const move = (id: string, body: object) => app.send('POST', `/api/todos/${id}/move`, body);

  it('moves only the current occurrence as a one-off copy, and puts it back', async () => {
    const tag = await ok<{ id: string }>('POST', '/api/tags', { name: 'Sport' });
    // Mondays: the first is the 23rd.
    const series = await weekly('FREQ=WEEKLY;BYDAY=MO', { tagIds: [tag.id] });
    const url = await listenForRealtime(app.ctx.app);
    const socket = await connectRealtime(url, app.cookie);
    const response = await move(series.id, {
      occurrence: '2026-11-23',
      to: '2026-11-25',
      scope: 'this',
    });
    expect(response.statusCode, response.body).toBe(200);
    const moved = response.json<TodoMoved>();
    expect(moved.todo).toMatchObject({ dueDate: '2026-11-30', repeat: series.repeat });
    expect(moved.copy).toMatchObject({
      title: 'Swim',
      priority: 'high',
      dueDate: '2026-11-25',
      dueTime: '07:30',
      reminders: [{ before: 15 }],
      repeat: null,
      tags: [{ id: tag.id, name: 'Sport' }],
    });
    expect(moved.undo).toEqual({
      scope: 'this',
      copyId: moved.copy?.id,
      occurrence: '2026-11-23',
    });
    // The event names both todos written, so that saved filters' counts match them again.
    const changed = await socket.next();
    expect(changed).toMatchObject({ type: 'todos.changed' });
    expect(new Set((changed as { todoIds: string[] }).todoIds)).toEqual(
      new Set([series.id, moved.copy?.id]),
    );
    const range = await calendar();
    expect(range.todos.map((todo) => [todo.title, todo.dueDate])).toEqual(
      expect.arrayContaining([
        ['Swim', '2026-11-25'],
        ['Swim', '2026-11-30'],
      ]),
    );
    // The next Monday after the 30th is past the range.
    expect(range.repeats.flatMap(({ dates }) => dates)).toEqual([]);

    const undone = await ok<Todo>('POST', `/api/todos/${series.id}/move/undo`, moved.undo);
    expect(undone).toMatchObject({ dueDate: '2026-11-23', completed: false });
    expect((await todos()).map((todo) => [todo.id, todo.dueDate])).toEqual([
      [series.id, '2026-11-23'],
    ]);
    expect(await socket.next()).toMatchObject({ type: 'todos.changed' });
    socket.socket.close();
  });

  it('moves all occurrences by the same days, weekdays too, and puts them back', async () => {
    // Mondays and Wednesdays: the 23rd first; the 30th is a projected occurrence.
    const series = await weekly('FREQ=WEEKLY;BYDAY=MO,WE');
    const response = await move(series.id, {
      occurrence: '2026-11-30',
      to: '2026-12-01',
      scope: 'all',
    });
    expect(response.statusCode, response.body).toBe(200);
    const moved = response.json<TodoMoved>();
    expect(moved.todo).toMatchObject({
      dueDate: '2026-11-24',
      repeat: { rule: 'FREQ=WEEKLY;BYDAY=TU,TH', from: 'due' },
    });
    expect(moved.copy).toBeNull();
    expect((await calendar()).repeats[0]?.dates).toEqual([
      '2026-11-26',
      '2026-12-01',
      '2026-12-03',
    ]);
    const undone = await ok<Todo>('POST', `/api/todos/${series.id}/move/undo`, moved.undo);
    expect(undone).toMatchObject({ dueDate: '2026-11-23', repeat: series.repeat });
  });

  it('moves a monthly day of the month with its occurrence', async () => {
    const series = await weekly('FREQ=MONTHLY;BYMONTHDAY=25');
    const moved = await ok<TodoMoved>('POST', `/api/todos/${series.id}/move`, {
      occurrence: '2026-12-25',
      to: '2026-12-28',
      scope: 'all',
    });
    expect(moved.todo).toMatchObject({
      dueDate: '2026-11-28',
      repeat: { rule: 'FREQ=MONTHLY;BYMONTHDAY=28' },
    });
  });

  it('refuses what it cannot do with a 4xx naming the field, changing nothing', async () => {
    const series = await weekly('FREQ=WEEKLY;BYDAY=MO');
    const monthly = await weekly('FREQ=MONTHLY;BYDAY=2TU');
    const plain = await ok<Todo>('POST', '/api/todos', { title: 'Once', dueDate: '2026-11-24' });
    const before = await todos();
    const cases: [string, object, number, string, string | undefined][] = [
      [
        series.id,
        { occurrence: '2026-11-23', to: '2026-11-20', scope: 'all' },
        400,
        'Please choose today or a later date',
        'to',
      ],
      [
        series.id,
        { occurrence: '2026-11-24', to: '2026-11-26', scope: 'all' },
        400,
        TODO_MOVE_MESSAGES.notAnOccurrence,
        'occurrence',
      ],
      [
        series.id,
        { occurrence: '2026-11-23', to: '2026-11-23', scope: 'this' },
        400,
        TODO_MOVE_MESSAGES.sameDay,
        'to',
      ],
      // The second Tuesday moved a week on is a third Tuesday: the rule cannot say that.
      [
        monthly.id,
        { occurrence: '2026-12-08', to: '2026-12-15', scope: 'all' },
        400,
        TODO_MOVE_MESSAGES.ruleFixesDays,
        'to',
      ],
      [
        plain.id,
        { occurrence: '2026-11-24', to: '2026-11-26', scope: 'all' },
        409,
        'This todo does not repeat',
        undefined,
      ],
      ['missing', { occurrence: '2026-11-23', to: '2026-11-26', scope: 'all' }, 404, '', undefined],
    ];
    for (const [id, body, status, message, field] of cases) {
      const response = await move(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      const { error } = response.json<{ error: { message: string; fields?: object } }>();
      expect(error.message).toMatch(new RegExp(message.slice(0, 12)));
      if (field) {
        expect(Object.keys(error.fields ?? {})).toEqual([field]);
      }
    }
    const other = (await app.api.signUpAndVerify('bob@example.com')) ?? '';
    const theirs = await app.send(
      'POST',
      `/api/todos/${series.id}/move`,
      { occurrence: '2026-11-23', to: '2026-11-26', scope: 'all' },
      other,
    );
    expect(theirs.statusCode).toBe(404);
    expect(await todos()).toEqual(before);
  });

  it('refuses an undo the series has moved past since, with a 409', async () => {
    const series = await weekly('FREQ=WEEKLY;BYDAY=MO');
    const moved = await ok<TodoMoved>('POST', `/api/todos/${series.id}/move`, {
      occurrence: '2026-11-23',
      to: '2026-11-24',
      scope: 'this',
    });
    await ok('PATCH', `/api/todos/${series.id}`, { completed: true });
    const before = await todos();
    const undo = await app.send('POST', `/api/todos/${series.id}/move/undo`, moved.undo);
    expect(undo.statusCode).toBe(409);
    expect(undo.json()).toMatchObject({ error: { message: TODO_MOVE_MESSAGES.undoStale } });
    expect(await todos()).toEqual(before);
  });
});
