import {
  type CalendarFeed,
  type CalendarRange,
  type Todo,
  TODO_MOVE_MESSAGES,
  type TodoMoved,
} from '@daywise/shared/schemas';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';

import { ENGINES } from '../../test/helpers';
import { eachSignedIn, type SignedInApp } from '../../test/signed-in';

/**
 * Moving a later, projected occurrence of a repeating todo on its own (issue 33, ADR 0031,
 * Moving repeating todos, 2026-11-29): a one-off copy, and the day excluded from the series
 * wherever its occurrences are computed. From Saturday 21 November 2026, 09:00 UTC.
 */
describe.each(ENGINES)('moving a projected occurrence on %s', (engine) => {
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
  const calendar = async (from = '2026-11-23', to = '2026-12-20') =>
    (
      await app.api.get(`/api/agenda/calendar?from=${from}&to=${to}`, app.cookie)
    ).json<CalendarRange>();
  const projected = async (from?: string, to?: string) =>
    (await calendar(from, to)).repeats.flatMap(({ dates }) => dates);
  /** Mondays from the 23rd, all day. */
  const mondays = (rule = 'FREQ=WEEKLY;BYDAY=MO') =>
    ok<Todo>('POST', '/api/todos', {
      title: 'Swim',
      dueDate: '2026-11-21',
      repeat: { rule, from: 'due' },
    });
  const move = (id: string, body: object) => app.send('POST', `/api/todos/${id}/move`, body);
  const refusal = async (id: string, body: object) => {
    const response = await move(id, body);
    expect(response.statusCode, response.body).toBe(400);
    return response.json<{ error: { message: string; fields: Record<string, string> } }>().error;
  };

  it('moves a later occurrence alone: a copy on the new day, the series skipping it, undone exactly', async () => {
    const series = await mondays();
    const moved = await ok<TodoMoved>('POST', `/api/todos/${series.id}/move`, {
      occurrence: '2026-11-30',
      to: '2026-12-02',
      scope: 'this',
    });
    // The series is still due on its current occurrence.
    expect(moved.todo).toMatchObject({ dueDate: '2026-11-23', repeat: series.repeat });
    expect(moved.copy).toMatchObject({ title: 'Swim', dueDate: '2026-12-02', repeat: null });
    expect(moved.undo).toEqual({
      scope: 'this',
      copyId: moved.copy?.id,
      occurrence: '2026-11-30',
      excluded: true,
    });
    const range = await calendar();
    expect(range.repeats.flatMap(({ dates }) => dates)).toEqual(['2026-12-07', '2026-12-14']);
    expect(range.todos.map((todo) => todo.dueDate)).toEqual(['2026-11-23', '2026-12-02']);

    // Moving it again is refused: it is no longer an occurrence of the series.
    const again = await refusal(series.id, {
      occurrence: '2026-11-30',
      to: '2026-12-03',
      scope: 'this',
    });
    expect(again.fields).toEqual({ occurrence: TODO_MOVE_MESSAGES.alreadyMoved });

    // Completing the current occurrence jumps over the excluded day; undoing comes back.
    const done = await ok<Todo>('PATCH', `/api/todos/${series.id}`, { completed: true });
    expect(done.dueDate).toBe('2026-12-07');
    await ok('PATCH', `/api/todos/${series.id}`, { completed: false });

    const undone = await ok<Todo>('POST', `/api/todos/${series.id}/move/undo`, moved.undo);
    expect(undone).toMatchObject({ dueDate: '2026-11-23', completed: false });
    expect((await todos()).map((todo) => todo.id)).toEqual([series.id]);
    expect(await projected()).toEqual(['2026-11-30', '2026-12-07', '2026-12-14']);
    // Undone once, it cannot be undone again.
    const twice = await app.send('POST', `/api/todos/${series.id}/move/undo`, moved.undo);
    expect(twice.statusCode).toBe(404);
  });

  it('counts an excluded day in COUNT and refuses occurrences past COUNT or UNTIL', async () => {
    const counted = await mondays('FREQ=WEEKLY;BYDAY=MO;COUNT=3');
    const until = await mondays('FREQ=WEEKLY;BYDAY=MO;UNTIL=20261201');
    const before = await todos();
    for (const [id, occurrence] of [
      [counted.id, '2026-12-14'],
      [until.id, '2026-12-07'],
    ] as const) {
      const error = await refusal(id, { occurrence, to: '2026-12-16', scope: 'this' });
      expect(error.fields).toEqual({ occurrence: TODO_MOVE_MESSAGES.beyondEnd });
    }
    expect(await todos()).toEqual(before);

    await ok('POST', `/api/todos/${counted.id}/move`, {
      occurrence: '2026-11-30',
      to: '2026-12-01',
      scope: 'this',
    });
    // 23 November, 30 November moved, 7 December: three.
    const range = await calendar('2026-11-24', '2026-12-31');
    const repeat = range.repeats.find(({ todo }) => todo.id === counted.id);
    expect(repeat?.dates).toEqual(['2026-12-07']);
    const first = await ok<Todo>('PATCH', `/api/todos/${counted.id}`, { completed: true });
    expect(first).toMatchObject({ dueDate: '2026-12-07', completed: false });
    const last = await ok<Todo>('PATCH', `/api/todos/${counted.id}`, { completed: true });
    expect(last).toMatchObject({ completed: true });
  });

  it('moves excluded days with all occurrences, and puts them back with the undo', async () => {
    const series = await mondays();
    await ok('POST', `/api/todos/${series.id}/move`, {
      occurrence: '2026-12-07',
      to: '2026-12-09',
      scope: 'this',
    });
    const all = await ok<TodoMoved>('POST', `/api/todos/${series.id}/move`, {
      occurrence: '2026-11-30',
      to: '2026-12-01',
      scope: 'all',
    });
    expect(all.todo).toMatchObject({ dueDate: '2026-11-24' });
    expect(all.undo).toMatchObject({ excludedDates: ['2026-12-07'] });
    // Tuesdays now, the excluded Monday moved to its Tuesday.
    expect(await projected()).toEqual(['2026-12-01', '2026-12-15']);
    await ok('POST', `/api/todos/${series.id}/move/undo`, all.undo);
    expect(await projected()).toEqual(['2026-11-30', '2026-12-14']);
  });

  it('writes the excluded day as EXDATE in the calendar feed', async () => {
    const feed = (await app.send('POST', '/api/calendar-feed/rotate')).json<CalendarFeed>();
    const series = await mondays();
    await ok('POST', `/api/todos/${series.id}/move`, {
      occurrence: '2026-11-30',
      to: '2026-12-01',
      scope: 'this',
    });
    const body = (
      await app.ctx.app.inject({ method: 'GET', url: new URL(feed.url ?? '').pathname })
    ).body;
    const vevent = ICAL.Component.fromString(body)
      .getAllSubcomponents('vevent')
      .find((component) => component.getFirstPropertyValue('rrule') !== null);
    expect(vevent?.getFirstPropertyValue('exdate')?.toString()).toBe('2026-11-30');
    const event = new ICAL.Event(vevent);
    const iterator = event.iterator();
    const days = [1, 2, 3].map(() => iterator.next()?.toString());
    expect(days).toEqual(['2026-11-23', '2026-12-07', '2026-12-14']);
  });
});
