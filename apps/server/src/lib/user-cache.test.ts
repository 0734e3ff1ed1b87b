import { afterEach, describe, expect, it } from 'vitest';

import { accountClient } from '../../test/account-client';
import { createTestApp, ENGINES, SAME_ORIGIN, type TestApp } from '../../test/helpers';
import { createMemoryBus } from '../realtime/bus';
import { UserCache } from './user-cache';

describe('the per-user cache', () => {
  let time = 0;
  const bus = createMemoryBus();
  const counter = () => {
    let loads = 0;
    return {
      load: async () => {
        loads += 1;
        return loads;
      },
      loads: () => loads,
    };
  };
  const cache = () =>
    new UserCache<number>({
      bus,
      changes: (event) => event.type === 'plans.changed',
      ttlMs: 1000,
      clock: () => time,
    });

  it('answers again from the kept value until the key, a change or the time says otherwise', async () => {
    const users = cache();
    const { load, loads } = counter();
    expect(await users.read('u1', '2026-11-22', load)).toBe(1);
    expect(await users.read('u1', '2026-11-22', load)).toBe(1);
    expect(await users.read('u1', '2026-11-23', load)).toBe(2);
    bus.publish(['u2'], { type: 'plans.changed' });
    bus.publish(['u1'], { type: 'todos.changed' });
    expect(await users.read('u1', '2026-11-23', load)).toBe(2);
    bus.publish(['u1'], { type: 'plans.changed' });
    expect(await users.read('u1', '2026-11-23', load)).toBe(3);
    time += 1000;
    expect(await users.read('u1', '2026-11-23', load)).toBe(4);
    expect(loads()).toBe(4);
  });

  it('keeps nothing worked out while the data changed, nor a failure', async () => {
    const users = cache();
    let finish = (_value: number) => undefined as void;
    const slow = users.read('u1', 'k', () => new Promise<number>((resolve) => (finish = resolve)));
    bus.publish(['u1'], { type: 'plans.changed' });
    finish(1);
    expect(await slow).toBe(1);
    const { load } = counter();
    expect(await users.read('u1', 'k', load)).toBe(1);
    await expect(users.read('u2', 'k', () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect(await users.read('u2', 'k', load)).toBe(2);
  });
});

describe.each(ENGINES)('the dashboard streaks on %s', (engine) => {
  let ctx: TestApp;
  afterEach(async () => {
    await ctx?.close();
  });

  it('show a task ticked a moment after the dashboard was read', async () => {
    ctx = await createTestApp(engine);
    const cookie = (await accountClient(ctx).signUpAndVerify()) ?? '';
    const headers = { cookie, ...SAME_ORIGIN };
    const dashboard = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/analytics/dashboard', headers })).json<{
        currentStreak: number;
        streaks: { title: string; streak: number }[];
      }>();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/plans',
      headers,
      payload: { title: 'Today', tasks: [{ title: 'Stretch' }] },
    });
    expect(created.statusCode).toBe(201);
    const plan = created.json<{ id: string; tasks: { id: string }[] }>();
    expect(await dashboard()).toMatchObject({ currentStreak: 1, streaks: [] });

    const ticked = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/plans/${plan.id}/tasks/${plan.tasks[0]?.id}`,
      headers,
      payload: { completed: true },
    });
    expect(ticked.statusCode).toBe(200);
    expect((await dashboard()).streaks).toMatchObject([{ title: 'Stretch', streak: 1 }]);
  });
});
