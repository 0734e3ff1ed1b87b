import { archiveSchema } from '@daywise/shared/schemas';
import { describe, expect, it } from 'vitest';

import { ENGINES, SAME_ORIGIN } from '../../test/helpers';
import { multipartFile } from '../../test/multipart';
import { eachReminderApp, type ReminderTestApp, signedIn } from '../../test/reminder-app';

/** Focus sessions and estimates through the JSON archive into another account (ADR 0032). */
describe.each(ENGINES)('focus in the archive on %s', (engine) => {
  let ctx: ReminderTestApp['ctx'];
  let clock: ReminderTestApp['clock'];
  let cookie: string;
  let send: ReminderTestApp['send'];
  eachReminderApp(engine, (app) => ({ ctx, clock, cookie, send } = app));

  const get = (url: string, as: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { ...SAME_ORIGIN, cookie: as } });

  it('carries sessions, focus minutes and estimates, and an import restores them', async () => {
    const todo = await send('POST', '/api/todos', { title: 'Essay', estimateMinutes: 45 });
    const plan = await send('POST', '/api/plans', {
      title: 'Saturday',
      planDate: '2026-11-21',
      tasks: [{ title: 'Scales' }],
    });
    await send('POST', '/api/focus/start', { todoId: todo.id });
    clock.advance(12 * 60_000);
    await send('POST', '/api/focus/start', { taskId: plan.tasks[0]?.id ?? '' });
    clock.advance(7 * 60_000);
    await send('POST', '/api/focus/stop');

    const exported = await get('/api/exports/archive', cookie);
    expect(exported.statusCode).toBe(200);
    const archive = archiveSchema.parse(exported.json());
    expect(archive.todos[0]).toMatchObject({ estimateMinutes: 45, focusMinutes: 12 });
    expect(archive.plans[0]?.tasks[0]).toMatchObject({ focusMinutes: 7 });
    expect(archive.focusSessions?.map((session) => session.minutes)).toEqual([12, 7]);

    const other = await signedIn(ctx, 'grace@example.com');
    const body = multipartFile(
      'file',
      'daywise-archive.json',
      'application/json',
      Buffer.from(exported.body),
    );
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: body.payload,
      headers: { ...body.headers, ...SAME_ORIGIN, cookie: other },
    });
    expect(started.statusCode, started.body).toBe(202);
    const { id } = started.json<{ id: string }>();
    await expect
      .poll(async () => (await get(`/api/imports/${id}`, other)).json<{ status: string }>().status)
      .toBe('done');
    const todos = (await get('/api/todos', other)).json<{
      items: { title: string; estimateMinutes: number | null; focusMinutes: number }[];
    }>();
    expect(todos.items).toMatchObject([{ title: 'Essay', estimateMinutes: 45, focusMinutes: 12 }]);
    const again = archiveSchema.parse((await get('/api/exports/archive', other)).json());
    expect(again.plans[0]?.tasks[0]).toMatchObject({ title: 'Scales', focusMinutes: 7 });
    expect(again.focusSessions?.map((session) => session.minutes).sort((a, b) => a - b)).toEqual([
      7, 12,
    ]);
  });
});
