import fc from 'fast-check';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { accountClient } from '../../test/account-client';
import { createTestApp, ENGINES, SAME_ORIGIN, type TestApp } from '../../test/helpers';

/** A step of the run: create a todo, toggle one, delete one, or delete the account. */
type Step = { kind: 'create'; done: boolean } | { kind: 'toggle' | 'delete'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), done: fc.boolean() }),
  fc.record({ kind: fc.constantFrom('toggle' as const, 'delete' as const), pick: fc.nat() }),
);

describe.each(ENGINES)('the kept todo counts on %s', (engine) => {
  let ctx: TestApp;
  afterEach(async () => {
    await ctx?.close();
  });

  it('always match counting the todos, whatever the writes', async () => {
    ctx = await createTestApp(engine);
    const api = accountClient(ctx);
    const cookie = (await api.signUpAndVerify()) ?? '';
    const other = (await api.signUpAndVerify('grace@example.com')) ?? '';
    const send = (
      method: 'POST' | 'PATCH' | 'DELETE',
      url: string,
      payload?: object,
      as = cookie,
    ) =>
      ctx.app.inject({
        method,
        url,
        headers: { cookie: as, ...SAME_ORIGIN },
        ...(payload ? { payload } : {}),
      });
    const read = async (url: string) =>
      ctx.app
        .inject({ method: 'GET', url, headers: { cookie } })
        .then((r) => r.json<Record<string, number>>());
    const counted = async () => {
      const { rows } = await sql<{ total: number; completed: number }>`
        select count(*) as total, coalesce(sum(case when completed then 1 else 0 end), 0) as completed
        from todos t join users u on u.id = t.user_id where u.email = 'ada@example.com'
      `.execute(ctx.database.db);
      return { total: Number(rows[0]?.total), completed: Number(rows[0]?.completed) };
    };
    // Another user's todos must never count towards Ada's.
    expect((await send('POST', '/api/todos', { title: 'Not Ada’s' }, other)).statusCode).toBe(201);

    const ids: { id: string; done: boolean }[] = [];
    const steps =
      fc.sample(fc.array(step, { minLength: 40, maxLength: 40 }), { seed: 12, numRuns: 1 })[0] ??
      [];
    for (const next of steps) {
      if (next.kind === 'create') {
        const created = await send('POST', '/api/todos', { title: `Todo ${ids.length}` });
        const { id } = created.json<{ id: string }>();
        ids.push({ id, done: false });
        if (next.done) {
          await send('PATCH', `/api/todos/${id}`, { completed: true });
          ids[ids.length - 1] = { id, done: true };
        }
      } else if (ids.length > 0) {
        const index = next.pick % ids.length;
        const todo = ids[index];
        if (!todo) {
          continue;
        }
        if (next.kind === 'toggle') {
          expect(
            (await send('PATCH', `/api/todos/${todo.id}`, { completed: !todo.done })).statusCode,
          ).toBe(200);
          todo.done = !todo.done;
        } else {
          expect((await send('DELETE', `/api/todos/${todo.id}`)).statusCode).toBe(204);
          ids.splice(index, 1);
        }
      }
      const { total, completed } = await counted();
      expect(await read('/api/todos/stats')).toMatchObject({
        total,
        completed,
        pending: total - completed,
      });
      expect((await read('/api/todos?status=pending')).total).toBe(total - completed);
      expect((await read('/api/todos?status=completed')).total).toBe(completed);
      expect((await read('/api/todos')).total).toBe(total);
    }
    expect(ids.length).toBeGreaterThan(0);

    expect((await send('DELETE', '/api/account')).statusCode).toBe(200);
    const { rows } = await sql<{ total: number }>`
      select c.total from todo_counts c join users u on u.id = c.user_id where u.email = 'ada@example.com'
    `.execute(ctx.database.db);
    expect(rows.map((row) => Number(row.total))).toEqual([0]);
  });
});
