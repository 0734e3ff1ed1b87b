import type { Plan, Tag } from '@daywise/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { accountClient } from '../account-client';
import { createTestApp, ENGINES, SAME_ORIGIN, type TestApp, testClock } from '../helpers';

/**
 * The same creating write sent several times at once, as a double click or a retrying proxy
 * sends it: exactly one succeeds, the others get the clear 409 a later request would get, and
 * exactly one row exists (ADR 0016).
 */
describe.each(ENGINES)('concurrent duplicate writes on %s', (engine) => {
  let ctx: TestApp;
  let cookie: string;
  const ATTEMPTS = 8;

  beforeEach(async () => {
    ctx = await createTestApp(engine, { now: testClock().now });
    cookie = (await accountClient(ctx).signUpAndVerify()) ?? '';
  });
  afterEach(() => ctx.close());

  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: { ...SAME_ORIGIN, cookie } });
  const statuses = (responses: { statusCode: number }[]) =>
    responses.map((response) => response.statusCode).sort();

  it('creates one plan when two plans for the same day arrive at once', async () => {
    const body = { title: 'Saturday', tasks: [{ title: 'Write' }] };
    const responses = await Promise.all(
      Array.from({ length: ATTEMPTS }, () => post('/api/plans', body)),
    );
    expect(statuses(responses)).toEqual([201, ...Array<number>(ATTEMPTS - 1).fill(409)]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toEqual({
        error: { code: 'CONFLICT', message: 'You already have a plan for this day.' },
      });
    }
    const today = await ctx.app.inject({ url: '/api/plans/today', headers: { cookie } });
    const plan = today.json<{ plan: Plan }>().plan;
    expect(plan.tasks.map((task) => task.title)).toEqual(['Write']);
    const plans = await ctx.database.db.selectFrom('daily_plans').select('id').execute();
    expect(plans).toHaveLength(1);
  });

  it('creates one tag when the same tag is created at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, index) =>
        post('/api/tags', { name: index % 2 === 0 ? 'Focus' : 'FOCUS' }),
      ),
    );
    expect(statuses(responses)).toEqual([201, ...Array<number>(ATTEMPTS - 1).fill(409)]);
    const message = 'You already have a tag with this name';
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toEqual({
        error: { code: 'CONFLICT', message, fields: { name: message } },
      });
    }
    const tags = await ctx.app.inject({ url: '/api/tags', headers: { cookie } });
    expect(tags.json<Tag[]>()).toHaveLength(1);
  });
});
