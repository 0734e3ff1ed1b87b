import { addDays, REPEAT_LIMITS } from '@daywise/shared';
import type { DashboardSummary, DayOff, Todo } from '@daywise/shared/schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { ENGINES } from '../../test/helpers';
import { eachSignedIn, sendAs, type SignedInApp } from '../../test/signed-in';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Repeating todos and habits through the API (docs/product/todos.md, "Repeating todos and
 * habits"), with the app's clock moved by hand from Saturday 21 November 2026, 09:00 UTC.
 */
describe.each(ENGINES)('repeating todos on %s', (engine) => {
  let app: SignedInApp;
  eachSignedIn(engine, (signedIn) => {
    app = signedIn;
  });

  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    sendAs(app.ctx, app.cookie, method, url, payload);
  const ok = async <T>(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const response = await send(method, url, payload);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return (response.body ? response.json() : undefined) as T;
  };
  const get = async <T>(url: string) => {
    const response = await app.api.get(url, app.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const create = (fields: object) =>
    ok<Todo>('POST', '/api/todos', { title: 'Stretch', dueDate: '2026-11-21', ...fields });
  const complete = (id: string) => ok<Todo>('PATCH', `/api/todos/${id}`, { completed: true });
  const undo = (id: string) => ok<Todo>('PATCH', `/api/todos/${id}`, { completed: false });
  const skip = (id: string) => ok<Todo>('POST', `/api/todos/${id}/skip`);
  const daily = { rule: 'FREQ=DAILY', from: 'due' };
  const listed = async (id: string) =>
    (await get<{ items: Todo[] }>('/api/todos')).items.find((todo) => todo.id === id);
  const nextDay = (days = 1) => app.clock.advance(days * DAY_MS);
  const setZone = async (zone: string) => {
    await app.api.get('/api/settings', app.cookie);
    await ok('PATCH', '/api/settings', { group: 'preferences', key: 'timezone', value: zone });
  };

  it('needs a due date, and moves it to the first occurrence on or after it', async () => {
    const response = await send('POST', '/api/todos', {
      title: 'Run',
      dueDate: null,
      repeat: daily,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: 'A repeating todo needs a due date' },
    });
    // Wednesday 18 November: the first Monday is the 23rd.
    const todo = await create({
      dueDate: '2026-11-18',
      repeat: { rule: 'freq=weekly;byday=MO', from: 'due' },
    });
    expect(todo).toMatchObject({
      dueDate: '2026-11-23',
      completed: false,
      repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO', from: 'due' },
      habit: { streak: 0, best: 0, freezes: 0, done: 0 },
    });
    const plain = await create({ title: 'Once' });
    expect(plain).toMatchObject({ repeat: null, habit: null });
    // Taking the due date away from a repeating todo is refused, and changes nothing.
    const cleared = await send('PATCH', `/api/todos/${todo.id}`, { dueDate: null, title: 'New' });
    expect(cleared.statusCode).toBe(400);
    expect(await listed(todo.id)).toMatchObject({ title: 'Stretch', dueDate: '2026-11-23' });
  });

  it('completing records the occurrence and moves to the next, keeping the rest', async () => {
    const todo = await create({
      title: 'Water plants',
      description: 'The ferns too',
      priority: 'high',
      reminderTime: '08:00',
      repeat: { rule: 'FREQ=DAILY;INTERVAL=3', from: 'due' },
    });
    const done = await complete(todo.id);
    expect(done).toMatchObject({
      title: 'Water plants',
      description: 'The ferns too',
      priority: 'high',
      reminderTime: '08:00',
      dueDate: '2026-11-24',
      completed: false,
      completedAt: null,
      habit: { streak: 1, best: 1, freezes: 0, done: 1 },
    });
    expect(await listed(todo.id)).toEqual(done);
    // Completed late, on the 28th: the 24th is missed, the next is the 30th.
    nextDay(7);
    const late = await complete(todo.id);
    expect(late).toMatchObject({
      dueDate: '2026-11-30',
      habit: { streak: 0, best: 1, freezes: 0, done: 2 },
    });
  });

  it('skips an occurrence without touching the streak; 409 for a todo that does not repeat', async () => {
    const todo = await create({ repeat: daily });
    await complete(todo.id);
    nextDay();
    const skipped = await skip(todo.id);
    expect(skipped).toMatchObject({
      dueDate: '2026-11-23',
      habit: { streak: 1, best: 1, freezes: 0, done: 1 },
    });
    const plain = await create({ title: 'Once' });
    const refused = await send('POST', `/api/todos/${plain.id}/skip`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: 'CONFLICT', message: 'This todo does not repeat' },
    });
    expect((await send('POST', '/api/todos/missing/skip')).statusCode).toBe(404);
  });

  it('undoes the latest record, done or skipped, and answers 409 when there is none', async () => {
    const todo = await create({ repeat: daily });
    const nothing = await send('PATCH', `/api/todos/${todo.id}`, { completed: false });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({
      error: { code: 'CONFLICT', message: 'There is nothing to undo for this todo' },
    });
    await complete(todo.id);
    app.clock.advance(1000);
    await skip(todo.id);
    expect(await undo(todo.id)).toMatchObject({ dueDate: '2026-11-22', habit: { streak: 1 } });
    expect(await undo(todo.id)).toMatchObject({
      dueDate: '2026-11-21',
      habit: { streak: 0, best: 0, done: 0 },
    });
  });

  it('ends after COUNT occurrences done or skipped, and Undo opens it again', async () => {
    const todo = await create({ repeat: { rule: 'FREQ=DAILY;COUNT=3', from: 'due' } });
    await complete(todo.id);
    app.clock.advance(1000);
    await skip(todo.id);
    app.clock.advance(1000);
    const ended = await complete(todo.id);
    expect(ended).toMatchObject({
      completed: true,
      dueDate: '2026-11-23',
      habit: { streak: 2, done: 2 },
    });
    expect(ended.completedAt).not.toBeNull();
    const again = await send('POST', `/api/todos/${todo.id}/skip`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { message: 'This repeating todo has ended' } });
    expect(await undo(todo.id)).toMatchObject({
      completed: false,
      completedAt: null,
      dueDate: '2026-11-23',
    });
  });

  it('ends when no occurrence is left before UNTIL', async () => {
    const todo = await create({ repeat: { rule: 'FREQ=WEEKLY;UNTIL=20261130', from: 'due' } });
    expect(await complete(todo.id)).toMatchObject({ completed: false, dueDate: '2026-11-28' });
    expect(await complete(todo.id)).toMatchObject({ completed: true, dueDate: '2026-11-28' });
    const never = await send('POST', '/api/todos', {
      title: 'Too late',
      dueDate: '2026-12-01',
      repeat: { rule: 'FREQ=DAILY;UNTIL=20261130', from: 'due' },
    });
    expect(never.statusCode).toBe(400);
    expect(never.json()).toMatchObject({
      error: { message: 'This repeat has no date on or after the due date' },
    });
  });

  it('counts from completion: N days after the day it was done', async () => {
    const todo = await create({
      dueDate: '2026-11-22',
      repeat: { rule: 'FREQ=DAILY;INTERVAL=3', from: 'completion' },
    });
    expect(todo.dueDate).toBe('2026-11-22');
    // Done a day early, on the 21st: due three days later.
    expect(await complete(todo.id)).toMatchObject({ dueDate: '2026-11-24', habit: { streak: 1 } });
    nextDay(5);
    expect(await complete(todo.id)).toMatchObject({
      dueDate: '2026-11-29',
      habit: { streak: 0, best: 1, done: 2 },
    });
    const refused = await send('POST', '/api/todos', {
      title: 'x',
      dueDate: '2026-11-22',
      repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO', from: 'completion' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('removing the repeat leaves a plain todo; a new rule starts the series again', async () => {
    const todo = await create({ repeat: daily });
    await complete(todo.id);
    const weekly = await ok<Todo>('PATCH', `/api/todos/${todo.id}`, {
      repeat: { rule: 'FREQ=WEEKLY;BYDAY=FR', from: 'due' },
    });
    expect(weekly).toMatchObject({ dueDate: '2026-11-27', habit: { done: 1 } });
    const plain = await ok<Todo>('PATCH', `/api/todos/${todo.id}`, { repeat: null });
    expect(plain).toMatchObject({ repeat: null, habit: null, dueDate: '2026-11-27' });
    expect(await complete(todo.id)).toMatchObject({ completed: true, dueDate: '2026-11-27' });
  });

  it('refuses bad rules with a 400 and changes nothing, whatever is sent', async () => {
    const todo = await create({ repeat: daily });
    for (const rule of ['FREQ=SECONDLY', 'FREQ=DAILY;BYHOUR=8', 'FREQ=MONTHLY;BYMONTHDAY=40']) {
      const response = await send('PATCH', `/api/todos/${todo.id}`, {
        repeat: { rule, from: 'due' },
        title: 'Changed',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message).toMatch(
        /^This repeat is not supported: /,
      );
    }
    expect(await listed(todo.id)).toMatchObject({ title: 'Stretch', repeat: daily });
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 60 }),
        fc.constantFrom('due', 'completion', 'x'),
        async (rule, from) => {
          const response = await send('POST', '/api/todos', {
            title: 'Fuzz',
            dueDate: '2026-11-21',
            repeat: { rule, from },
          });
          expect([201, 400]).toContain(response.statusCode);
        },
      ),
      { seed: 15, numRuns: 40 },
    );
  });

  it('takes COUNT up to REPEAT_LIMITS.countMax, the limit the todo form and its words use', async () => {
    const most = await send('POST', '/api/todos', {
      title: 'A thousand times',
      dueDate: '2026-11-21',
      repeat: { rule: `FREQ=DAILY;COUNT=${REPEAT_LIMITS.countMax}`, from: 'due' },
    });
    expect(most.statusCode).toBe(201);
    const tooMany = await send('POST', '/api/todos', {
      title: 'Once too often',
      dueDate: '2026-11-21',
      repeat: { rule: `FREQ=DAILY;COUNT=${REPEAT_LIMITS.countMax + 1}`, from: 'due' },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message:
          'This repeat is not supported: COUNT must list whole numbers from 1 to 1000, not 0.',
      },
    });
  });

  it('refuses rules that never occur with a 400, before searching for a day (ADR 0022)', async () => {
    for (const [rule, detail] of [
      [
        'FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=2',
        'BYMONTHDAY names no day of the months of BYMONTH (such as 30 February)',
      ],
      [
        'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=366',
        'BYSETPOS must be from -5 to 5, not 0: a month of this rule holds at most 5 days',
      ],
      [
        'FREQ=YEARLY;BYDAY=MO;BYSETPOS=366',
        'BYSETPOS must be from -53 to 53, not 0: a year of this rule holds at most 53 days',
      ],
    ]) {
      const response = await send('POST', '/api/todos', {
        title: 'Never',
        dueDate: '9999-01-01',
        repeat: { rule, from: 'due' },
      });
      expect(response.statusCode, rule).toBe(400);
      expect(response.json(), rule).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: `This repeat is not supported: ${detail}.`,
        },
      });
    }
    // A rule that could occur but does not from this due date: no day within the search's bound.
    const never = await send('POST', '/api/todos', {
      title: 'Never',
      dueDate: '2026-11-21',
      repeat: { rule: 'FREQ=DAILY;INTERVAL=7;BYDAY=MO', from: 'due' },
    });
    expect(never.statusCode).toBe(400);
    expect(never.json()).toMatchObject({
      error: { message: 'This repeat has no date on or after the due date' },
    });
    expect((await get<{ items: Todo[] }>('/api/todos')).items).toEqual([]);
  });

  it('counts again the habits a day off changes, with many repeating todos', async () => {
    const rules = [
      'FREQ=DAILY',
      'FREQ=WEEKLY;BYDAY=SU,MO,TU,WE,TH,FR,SA',
      'FREQ=DAILY;INTERVAL=1;BYMONTH=11,12',
    ];
    const todos: Todo[] = [];
    for (let index = 0; index < 30; index += 1) {
      todos.push(
        await create({ title: `Habit ${index}`, repeat: { rule: rules[index % 3], from: 'due' } }),
      );
    }
    await create({
      title: 'Rent',
      dueDate: '2026-12-01',
      repeat: { rule: 'FREQ=MONTHLY;BYMONTHDAY=1', from: 'due' },
    });
    // Done on the 21st, 22nd and 23rd; the 24th and 25th pass without them.
    for (let day = 0; day < 3; day += 1) {
      for (const todo of todos) {
        await complete(todo.id);
      }
      nextDay();
    }
    nextDay(2);
    const habits = async () =>
      new Map(
        (await get<{ items: Todo[] }>('/api/todos?limit=100')).items.map((todo) => [
          todo.title,
          todo.habit,
        ]),
      );
    const broken = { streak: 0, best: 3, freezes: 0, done: 3 };
    const kept = { streak: 3, best: 3, freezes: 0, done: 3 };
    const none = { streak: 0, best: 0, freezes: 0, done: 0 };
    const all = (habit: object) => [...todos.map((todo) => [todo.title, habit]), ['Rent', none]];
    expect([...(await habits())].sort()).toEqual(all(broken).sort());

    // Days off ahead change no habit; the 24th and 25th off keep every streak.
    await ok('POST', '/api/days-off', { startDate: '2026-12-24', endDate: '2027-01-02' });
    expect([...(await habits())].sort()).toEqual(all(broken).sort());
    const off = await ok<DayOff>('POST', '/api/days-off', {
      startDate: '2026-11-24',
      endDate: '2026-11-25',
    });
    expect([...(await habits())].sort()).toEqual(all(kept).sort());
    // Kept on the rows: another day passes and the reads still count from them.
    nextDay();
    expect([...(await habits())].sort()).toEqual(all({ ...kept, streak: 0 }).sort());
    expect((await send('DELETE', `/api/days-off/${off.id}`)).statusCode).toBe(204);
    expect([...(await habits())].sort()).toEqual(all(broken).sort());
  }, 60_000);

  it('lists, Today and the reminders read carry the habit as of today', async () => {
    const todo = await create({ repeat: daily, reminderTime: '08:00' });
    await complete(todo.id);
    nextDay();
    await complete(todo.id);
    expect((await listed(todo.id))?.habit).toEqual({ streak: 2, best: 2, freezes: 0, done: 2 });
    // Two days pass without it: the 23rd missed breaks the streak on the 24th's reads.
    nextDay(2);
    expect((await listed(todo.id))?.habit).toEqual({ streak: 0, best: 2, freezes: 0, done: 2 });
    const today = await get<{ overdue: Todo[] }>('/api/agenda/today');
    expect(today.overdue.find((item) => item.id === todo.id)?.habit).toMatchObject({ streak: 0 });
    const reminders = await get<{ items: Todo[] }>('/api/todos/reminders');
    expect(reminders.items[0]).toMatchObject({ id: todo.id, habit: { best: 2 } });
  });

  it('counts occurrences done in the charts and the dashboard, on their day', async () => {
    const todo = await create({ repeat: daily });
    await complete(todo.id);
    nextDay();
    await complete(todo.id);
    await skip(todo.id);
    const chart = await get<{ labels: string[]; datasets: { label: string; data: number[] }[] }>(
      '/api/analytics/chart?period=month',
    );
    const todos = chart.datasets.find((set) => set.label === 'Todos')?.data ?? [];
    expect(todos.reduce((sum, value) => sum + value, 0)).toBe(2);
    expect(todos.filter((value) => value === 1)).toHaveLength(2);
    const summary = await get<DashboardSummary>('/api/analytics/dashboard');
    expect(summary.month.completed).toBe(2);
    expect(summary.habits).toEqual([
      { todoId: todo.id, title: 'Stretch', streak: 2, best: 2, freezes: 0 },
    ]);
  });

  it('keeps days off: list, create, remove, refused spans and quota, and streaks follow', async () => {
    const todo = await create({ repeat: daily });
    for (let day = 0; day < 3; day += 1) {
      await complete(todo.id);
      nextDay();
    }
    // The 24th and 25th pass: the streak is broken on the 26th.
    nextDay(2);
    expect((await listed(todo.id))?.habit).toMatchObject({ streak: 0, best: 3 });
    const off = await ok<DayOff>('POST', '/api/days-off', {
      startDate: '2026-11-24',
      endDate: '2026-11-25',
    });
    expect(off).toMatchObject({ startDate: '2026-11-24', endDate: '2026-11-25' });
    expect((await listed(todo.id))?.habit).toMatchObject({ streak: 3, best: 3 });
    await ok('POST', '/api/days-off', { startDate: '2026-12-24', endDate: '2026-12-26' });
    const { items } = await get<{ items: DayOff[] }>('/api/days-off');
    expect(items.map((item) => item.startDate)).toEqual(['2026-11-24', '2026-12-24']);

    const reversed = await send('POST', '/api/days-off', {
      startDate: '2026-11-25',
      endDate: '2026-11-24',
    });
    expect(reversed.statusCode).toBe(400);
    const tooLong = await send('POST', '/api/days-off', {
      startDate: '2026-01-01',
      endDate: '2027-01-02',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      error: { message: 'Days off can span at most 366 days.' },
    });

    expect((await send('DELETE', `/api/days-off/${off.id}`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/days-off/${off.id}`)).statusCode).toBe(404);
    expect((await listed(todo.id))?.habit).toMatchObject({ streak: 0, best: 3 });

    for (let index = 1; index < 100; index += 1) {
      const day = addDays('2027-01-01', index * 2);
      await ok('POST', '/api/days-off', { startDate: day, endDate: day });
    }
    const over = await send('POST', '/api/days-off', {
      startDate: '2028-01-01',
      endDate: '2028-01-01',
    });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({
      error: { code: 'QUOTA_EXCEEDED', message: 'You can keep at most 100 periods of days off.' },
    });
  });

  it("follows the judge's month: water every 3 days, rent on the 1st, a week off", async () => {
    await setZone('America/New_York');
    const water = await create({
      title: 'Water plants',
      reminderTime: '08:00',
      repeat: { rule: 'FREQ=DAILY;INTERVAL=3', from: 'due' },
    });
    const rent = await create({
      title: 'Pay rent',
      priority: 'high',
      repeat: { rule: 'FREQ=MONTHLY;BYMONTHDAY=1', from: 'due' },
    });
    expect(water.dueDate).toBe('2026-11-21');
    expect(rent.dueDate).toBe('2026-12-01');
    // Days off from 8 to 14 December: watering is left undone then.
    await ok('POST', '/api/days-off', { startDate: '2026-12-08', endDate: '2026-12-14' });
    // Each day the person does what is due, but nothing during the week off; back on the 15th
    // they water the plants they left on the 9th (a day off: neither kept nor broken), and then
    // the 15th's.
    let today = '2026-11-21';
    for (let day = 0; day < 42; day += 1) {
      const onHoliday = today >= '2026-12-08' && today <= '2026-12-14';
      for (const id of onHoliday ? [] : [water.id, rent.id]) {
        while (((await listed(id))?.dueDate ?? '9999') <= today) {
          await complete(id);
        }
      }
      nextDay();
      today = addDays(today, 1);
    }
    expect(today).toBe('2027-01-02');
    // On time: 21, 24, 27, 30 November, 3, 6, 15, 18, 21, 24, 27, 30 December; a freeze for
    // the seventh in a row; the 9th done late and the 12th on days off.
    expect(await listed(water.id)).toMatchObject({
      dueDate: '2027-01-02',
      completed: false,
      reminderTime: '08:00',
      habit: { streak: 12, best: 12, freezes: 1, done: 13 },
    });
    expect(await listed(rent.id)).toMatchObject({
      dueDate: '2027-02-01',
      priority: 'high',
      habit: { streak: 2, best: 2, freezes: 0, done: 2 },
    });
    const summary = await get<DashboardSummary>('/api/analytics/dashboard');
    expect(summary.habits.map((habit) => [habit.title, habit.streak, habit.freezes])).toEqual([
      ['Water plants', 12, 1],
      ['Pay rent', 2, 0],
    ]);
  });

  it('goes with the account', async () => {
    const todo = await create({ repeat: daily });
    await complete(todo.id);
    await ok('POST', '/api/days-off', { startDate: '2026-12-01', endDate: '2026-12-02' });
    expect((await send('DELETE', '/api/account')).statusCode).toBe(200);
    const { db } = app.ctx.database;
    expect(await db.selectFrom('todo_occurrences').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('days_off').selectAll().execute()).toEqual([]);
  });
});
