import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createTestApp, ENGINES, type TestApp, testClock } from '../../test/helpers';
import { readPdf } from '../../test/pdf';
import { socialClient, type TestUser } from '../../test/social-client';

const MINUTE = 60_000;

/**
 * The PDF report's focus (ADR 0032): the minutes per day of its range in the user's zone and the
 * estimates against them, the same figures as the focus analytics.
 */
describe.each(ENGINES)('the report’s focus on %s', (engine) => {
  let ctx: TestApp;
  let social: ReturnType<typeof socialClient>;
  let ada: TestUser;
  // 22:00 on 21 November in Auckland (UTC+13).
  const clock = testClock(new Date('2026-11-21T09:00:00.000Z'));

  beforeEach(async () => {
    ctx = await createTestApp(engine, { now: clock.now });
    social = socialClient(ctx);
    ada = await social.signUp('ada@example.com', 'Ada Lovelace');
  });
  afterEach(() => ctx.close());

  const ok = async (user: TestUser, method: 'POST' | 'PATCH', url: string, body?: object) => {
    const response = await social.call(user, method, url, body);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.body ? response.json<{ id: string }>() : null;
  };
  /** Focuses on a todo for `minutes` by the app's clock, then stops. */
  const focus = async (user: TestUser, todoId: string, minutes: number) => {
    await ok(user, 'POST', '/api/focus/start', { todoId, mode: 'stopwatch' });
    clock.advance(minutes * MINUTE);
    await ok(user, 'POST', '/api/focus/stop');
  };
  const reportText = async (range: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/exports/report?${range}`,
      headers: { cookie: ada.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (await readPdf(response.rawPayload)).text.replace(/\s+/g, ' ');
  };

  it('shows the minutes focused per day in the user’s zone and the estimates, as the analytics do', async () => {
    await ok(ada, 'PATCH', '/api/settings', {
      group: 'preferences',
      key: 'timezone',
      value: 'Pacific/Auckland',
    });
    const estimated = (await ok(ada, 'POST', '/api/todos', {
      title: 'Draft the essay',
      estimateMinutes: 30,
    }))!;
    const loose = (await ok(ada, 'POST', '/api/todos', { title: 'Tidy the desk' }))!;
    await ok(ada, 'POST', '/api/todos', { title: 'Never focused', estimateMinutes: 60 });
    const bob = await social.signUp('bob@example.com', 'Bob Builder');
    const bobs = (await ok(bob, 'POST', '/api/todos', { title: 'Bob’s own', estimateMinutes: 5 }))!;

    await focus(ada, estimated.id, 20); // Ends 22:20 on 21 November in Auckland.
    await focus(bob, bobs.id, 7);
    clock.advance(3 * 60 * MINUTE); // 01:27 on 22 November there, still 21 November in UTC.
    await focus(ada, loose.id, 10);
    await focus(ada, estimated.id, 15);

    const text = await reportText('from=2026-11-20&to=2026-11-22');
    expect(text).toContain('Focus 45 min focused on 2 days.');
    expect(text).toContain('21 Nov: 20 min · 22 Nov: 25 min');
    // Only the estimated todo focused on in the range; Bob's focus is his.
    expect(
      text.slice(text.indexOf('Estimate vs actual'), text.indexOf('Completed todos')).trim(),
    ).toBe('Estimate vs actual Draft the essay — 35 min focused of 30 min estimated');
    expect(text).not.toContain('Bob’s own');

    const analytics = await social.call(ada, 'GET', '/api/analytics/focus?days=7');
    expect(analytics.json()).toMatchObject({
      totalMinutes: 45,
      perDay: { datasets: [{ data: [0, 0, 0, 0, 0, 20, 25] }] },
      estimates: [{ title: 'Draft the essay', estimateMinutes: 30, actualMinutes: 35 }],
    });

    const before = await reportText('from=2026-11-01&to=2026-11-20');
    expect(before).toContain('Focus No focus sessions in this range.');
    expect(before).toContain('Estimate vs actual No estimated todos focused on in this range.');
  });
});
