import type { Todo } from '@daywise/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { accountClient } from '../../test/account-client';
import { createTestApp, ENGINES, SAME_ORIGIN, type TestApp, testClock } from '../../test/helpers';

/**
 * A todo's due time and reminders through the API (issue 32, ADR 0030): what is taken, what is
 * refused and why, and how the `reminderTime` of older clients reads and writes them.
 */
describe.each(ENGINES)('due times and reminders on %s', (engine) => {
  let ctx: TestApp;
  let api: ReturnType<typeof accountClient>;
  let cookie: string;

  beforeEach(async () => {
    // Saturday 21 November 2026, 09:00 UTC.
    const clock = testClock(new Date('2026-11-21T09:00:00.000Z'));
    ctx = await createTestApp(engine, { now: clock.now });
    api = accountClient(ctx);
    cookie = (await api.signUpAndVerify()) ?? '';
  });
  afterEach(() => ctx.close());

  const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    ctx.app.inject({ method, url, payload, headers: { ...SAME_ORIGIN, cookie } });
  const create = async (body: object) => {
    const response = await send('POST', '/api/todos', { title: 'Dentist', ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Todo>();
  };
  const update = async (id: string, body: object) => {
    const response = await send('PATCH', `/api/todos/${id}`, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Todo>();
  };
  /** The todo as the list answers it (JSON the database writes). */
  const listed = async (id: string) =>
    (await api.get('/api/todos', cookie))
      .json<{ items: Todo[] }>()
      .items.find((todo) => todo.id === id);
  const refusal = async (method: 'POST' | 'PATCH', url: string, body: object) => {
    const response = await send(method, url, body);
    expect(response.statusCode, response.body).toBe(400);
    return response.json<{ error: { code: string; message: string } }>().error;
  };

  it('creates and reads back a due time and reminders exactly, in the list too', async () => {
    const todo = await create({
      dueDate: '2026-11-25',
      dueTime: '14:30',
      reminders: [
        { before: 10 },
        { at: '2026-11-24T18:00:00+01:00' },
        { before: 1440 },
        { before: 10 },
      ],
    });
    const expected = {
      dueDate: '2026-11-25',
      dueTime: '14:30',
      // Each once, in the order given; an instant in UTC.
      reminders: [{ before: 10 }, { at: '2026-11-24T17:00:00.000Z' }, { before: 1440 }],
      // What an old client reads: the earliest reminder on the due date, 10 minutes before.
      reminderTime: '14:20',
    };
    expect(todo).toMatchObject(expected);
    expect(await listed(todo.id)).toMatchObject(expected);
    const plain = await create({});
    expect(plain).toMatchObject({ dueTime: null, reminders: [], reminderTime: null });
    expect(await listed(plain.id)).toMatchObject({ dueTime: null, reminders: [] });
  });

  it('refuses what cannot be kept with a clear 400, and changes nothing', async () => {
    const tooMany = [0, 5, 10, 15, 30, 60].map((before) => ({ before }));
    const cases: [object, string][] = [
      [
        { dueDate: '2026-11-25', dueTime: '09:00', reminders: tooMany },
        'A todo can have at most 5 reminders',
      ],
      [{ dueTime: '09:00' }, 'A due time needs a due date'],
      [
        { dueDate: '2026-11-25', reminders: [{ before: 10 }] },
        'A reminder before the due time needs a due date and a due time',
      ],
      [
        { reminders: [{ before: 0 }] },
        'A reminder before the due time needs a due date and a due time',
      ],
      [
        { dueDate: '2026-11-25', dueTime: '09:00', reminders: [{ before: -5 }] },
        'Please enter a whole number of minutes before the due time, from 0 to 43,200',
      ],
      [
        { dueDate: '2026-11-25', dueTime: '09:00', reminders: [{ before: 43_201 }] },
        'Please enter a whole number of minutes before the due time, from 0 to 43,200',
      ],
      [
        { dueDate: '2026-11-25', dueTime: '09:00', reminders: [{ before: 2.5 }] },
        'Please enter a whole number of minutes before the due time, from 0 to 43,200',
      ],
      [{ reminders: [{ at: 'tomorrow at nine' }] }, 'Please enter a valid date and time'],
      [{ reminders: [{ at: '2026-02-30T09:00:00Z' }] }, 'Please enter a valid date and time'],
      [
        { reminders: [{ at: '2026-11-25T09:00:00Z', before: 0 }] },
        'A reminder is either at a date and time or a number of minutes before',
      ],
      [
        { reminders: [{}] },
        'A reminder is either at a date and time or a number of minutes before',
      ],
      [
        { reminders: [{ after: 5 }] },
        'A reminder is either at a date and time or a number of minutes before',
      ],
      [{ dueDate: '2026-11-25', dueTime: '9am' }, 'Please enter a valid time in HH:MM format'],
      [
        { dueDate: '2026-11-25', dueTime: '09:00', reminderTime: '09:30' },
        'The reminder time is after the due time; set the todo’s reminders instead',
      ],
      [
        {
          dueDate: '2026-11-25',
          dueTime: '09:00',
          reminders: [{ before: 0 }],
          reminderTime: '08:00',
        },
        'reminderTime and reminders say different things; send one of them',
      ],
    ];
    for (const [body, message] of cases) {
      const error = await refusal('POST', '/api/todos', { title: 'Dentist', ...body });
      expect(error, JSON.stringify(body)).toEqual({
        code: 'VALIDATION_FAILED',
        message,
        fields: expect.any(Object) as object,
      });
    }
    expect((await api.get('/api/todos', cookie)).json<{ total: number }>().total).toBe(0);

    const todo = await create({
      dueDate: '2026-11-25',
      dueTime: '09:00',
      reminders: [{ before: 5 }],
    });
    // Cases 1 to 3 lack a due date or time, which this todo has.
    for (const [body, message] of cases.filter((_, index) => index < 1 || index > 3)) {
      expect((await refusal('PATCH', `/api/todos/${todo.id}`, body)).message).toBe(message);
    }
    expect(
      (await refusal('PATCH', `/api/todos/${todo.id}`, { dueDate: null, dueTime: '09:00' }))
        .message,
    ).toBe('A due time needs a due date');
    // A due time cleared while a reminder counted from it is given.
    expect(
      (
        await refusal('PATCH', `/api/todos/${todo.id}`, {
          dueTime: null,
          reminders: [{ before: 5 }],
        })
      ).message,
    ).toBe('A reminder before the due time needs a due date and a due time');
    expect(await listed(todo.id)).toMatchObject({ dueTime: '09:00', reminders: [{ before: 5 }] });
  });

  it('updates the due time and reminders, and lets clearing the date or time drop those counted from it', async () => {
    const todo = await create({
      dueDate: '2026-11-25',
      dueTime: '09:00',
      reminders: [{ before: 30 }, { at: '2026-11-24T08:00:00.000Z' }],
    });
    expect(await update(todo.id, { dueTime: '10:00' })).toMatchObject({
      dueTime: '10:00',
      reminders: [{ before: 30 }, { at: '2026-11-24T08:00:00.000Z' }],
      reminderTime: '09:30',
    });
    expect(await update(todo.id, { reminders: [{ before: 0 }] })).toMatchObject({
      reminders: [{ before: 0 }],
      reminderTime: '10:00',
    });
    await update(todo.id, { reminders: [{ before: 0 }, { at: '2026-11-24T08:00:00.000Z' }] });
    expect(await update(todo.id, { dueTime: null })).toMatchObject({
      dueTime: null,
      reminders: [{ at: '2026-11-24T08:00:00.000Z' }],
      reminderTime: null,
    });
    await update(todo.id, { dueTime: '10:00', reminders: [{ before: 15 }] });
    expect(await update(todo.id, { dueDate: null })).toMatchObject({
      dueDate: null,
      dueTime: null,
      reminders: [],
      reminderTime: null,
    });
    // A todo without a due date may still be reminded at an instant.
    expect(
      await update(todo.id, { reminders: [{ at: '2026-11-30T07:00:00.000Z' }] }),
    ).toMatchObject({ reminders: [{ at: '2026-11-30T07:00:00.000Z' }], reminderTime: null });
  });

  it('keeps the reminder time of older clients: one reminder at that time on the due date', async () => {
    // Written with a due date and no due time: that time is the due time, with a reminder at it.
    const dated = await create({ dueDate: '2026-11-25', reminderTime: '08:15' });
    expect(dated).toMatchObject({
      dueTime: '08:15',
      reminders: [{ before: 0 }],
      reminderTime: '08:15',
    });
    // Moving the due date moves the reminder with it, as before.
    expect(await update(dated.id, { dueDate: '2026-11-27' })).toMatchObject({
      dueTime: '08:15',
      reminders: [{ before: 0 }],
      reminderTime: '08:15',
    });
    // With a due time: a reminder that many minutes before it.
    const timed = await create({ dueDate: '2026-11-25', dueTime: '18:00', reminders: [] });
    expect(await update(timed.id, { reminderTime: '17:45' })).toMatchObject({
      dueTime: '18:00',
      reminders: [{ before: 15 }],
      reminderTime: '17:45',
    });
    // An old client sending back what it read (its whole todo) changes no reminder.
    await update(timed.id, {
      reminders: [{ before: 15 }, { before: 1440 }, { at: '2026-11-24T08:00:00.000Z' }],
    });
    expect(
      await update(timed.id, { title: 'Dentist!', dueDate: '2026-11-25', reminderTime: '17:45' }),
    ).toMatchObject({
      reminders: [{ before: 15 }, { before: 1440 }, { at: '2026-11-24T08:00:00.000Z' }],
    });
    // Null turns every reminder off.
    expect(await update(timed.id, { reminderTime: null })).toMatchObject({
      dueTime: '18:00',
      reminders: [],
      reminderTime: null,
    });
    // Without a due date it is the daily reminder, as before; given a due date, it becomes one
    // reminder at that time on it.
    const daily = await create({ reminderTime: '07:00' });
    expect(daily).toMatchObject({ dueTime: null, reminders: [], reminderTime: '07:00' });
    expect(await listed(daily.id)).toMatchObject({ reminderTime: '07:00' });
    expect(await update(daily.id, { dueDate: '2026-11-26' })).toMatchObject({
      dueTime: '07:00',
      reminders: [{ before: 0 }],
      reminderTime: '07:00',
    });
    // Both at once must agree.
    expect(
      await update(daily.id, { reminders: [{ before: 60 }], reminderTime: '06:00' }),
    ).toMatchObject({ reminders: [{ before: 60 }], reminderTime: '06:00' });
  });
});
