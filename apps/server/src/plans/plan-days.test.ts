import type { Plan } from '@daywise/shared/schemas';
import { describe, expect, it } from 'vitest';

import { ENGINES, SAME_ORIGIN, type TestApp } from '../../test/helpers';
import { type AccountClient, eachSignedIn, sendAs, type TestClock } from '../../test/signed-in';

describe.each(ENGINES)('plans of other days on %s', (engine) => {
  let ctx: TestApp;
  let api: AccountClient;
  let cookie: string;
  let clock: TestClock;

  // From Saturday 21 November 2026, 09:00 UTC.
  eachSignedIn(engine, (app) => ({ ctx, api, cookie, clock } = app));

  const onDate = async (date: string, as = cookie) => {
    const response = await api.get(`/api/plans/by-date/${date}`, as);
    expect(response.statusCode).toBe(200);
    return response.json<{ plan: Plan | null }>().plan;
  };
  const today = async () =>
    (await api.get('/api/plans/today', cookie)).json<{ plan: Plan | null }>().plan;
  const createPlan = async (body: object) => {
    const response = await sendAs(ctx, cookie, 'POST', '/api/plans', body);
    expect(response.statusCode).toBe(201);
    return response.json<Plan>();
  };

  it('plans tomorrow, reads it by its date, and leaves today empty', async () => {
    const tomorrow = await createPlan({
      title: 'Sunday',
      planDate: '2026-11-22',
      tasks: [{ title: 'Brunch', reminderTime: '11:00' }],
    });
    expect(tomorrow).toMatchObject({ planDate: '2026-11-22', completion: { totalTasks: 1 } });

    expect(await onDate('2026-11-22')).toEqual(tomorrow);
    expect(await onDate('2026-11-21')).toBeNull();
    expect(await today()).toBeNull();

    const again = await sendAs(ctx, cookie, 'POST', '/api/plans', {
      title: 'Another Sunday',
      planDate: '2026-11-22',
      tasks: [{ title: 'x' }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: { code: 'CONFLICT', message: 'You already have a plan for this day.' },
    });
    expect((await onDate('2026-11-22'))?.title).toBe('Sunday');

    // Today's plan reads the same by its date as through /today.
    const saturday = await createPlan({ title: 'Saturday', tasks: [{ title: 'Market' }] });
    expect(await onDate('2026-11-21')).toEqual(saturday);
    expect(await today()).toEqual(saturday);
  });

  it('a plan of tomorrow ticks like today’s, and becomes today’s at midnight', async () => {
    const tomorrow = await createPlan({
      title: 'Sunday',
      planDate: '2026-11-22',
      tasks: [{ title: 'Brunch' }, { title: 'Walk' }],
    });
    const taskId = tomorrow.tasks[0]?.id ?? '';
    const ticked = await sendAs(ctx, cookie, 'PATCH', `/api/plans/${tomorrow.id}/tasks/${taskId}`, {
      completed: true,
    });
    expect(ticked.json<Plan>().completion).toMatchObject({
      date: '2026-11-22',
      completedTasks: 1,
      completionPercentage: 50,
    });
    // 15 hours on it is Sunday in UTC, the user's zone.
    clock.advance(15 * 60 * 60 * 1000);
    expect((await today())?.id).toBe(tomorrow.id);
  });

  it('refuses a date that is not a real day, or further than a year away', async () => {
    for (const date of ['2026-02-30', '2026-13-01', '2026-1-05', 'tomorrow', '20261122']) {
      const response = await api.get(`/api/plans/by-date/${date}`, cookie);
      expect(response.statusCode, date).toBe(400);
      expect(response.json(), date).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { date: 'Please enter a valid date' } },
      });
    }
    // A year either side of Saturday 21 November 2026 is readable; a day more is not.
    expect(await onDate('2027-11-21')).toBeNull();
    expect(await onDate('2025-11-21')).toBeNull();
    for (const date of ['2027-11-22', '2025-11-20', '9999-12-30']) {
      const response = await api.get(`/api/plans/by-date/${date}`, cookie);
      expect(response.statusCode, date).toBe(400);
      expect(response.json(), date).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Please choose a day within a year of today',
          fields: { date: 'Please choose a day within a year of today' },
        },
      });
    }
  });

  const refused = async (planDate: string, message: string) => {
    const response = await sendAs(ctx, cookie, 'POST', '/api/plans', {
      title: 'Refused',
      planDate,
      tasks: [{ title: 'Nothing' }],
    });
    expect(response.statusCode, planDate).toBe(400);
    expect(response.json(), planDate).toEqual({
      error: { code: 'VALIDATION_FAILED', message, fields: { planDate: message } },
    });
  };
  const PAST = 'Please choose today or a later day';
  const OUT_OF_REACH = 'Please choose a day within a year of today';

  it('plans today through a year ahead, and refuses a past day or a later one', async () => {
    await refused('2026-11-20', PAST);
    await refused('2000-01-01', PAST);
    await refused('2027-11-22', OUT_OF_REACH);
    await refused('9999-12-30', OUT_OF_REACH);
    expect(await onDate('2026-11-20')).toBeNull();

    // Today and the last day within reach.
    for (const planDate of ['2026-11-21', '2027-11-21']) {
      const plan = await createPlan({ title: planDate, planDate, tasks: [{ title: 'a' }] });
      expect(await onDate(planDate)).toEqual(plan);
    }

    // The reach moves with the user's today: at midnight a day more is open, and nothing was
    // created by the refused request.
    clock.advance(15 * 60 * 60 * 1000);
    expect(await onDate('2027-11-22')).toBeNull();
    await createPlan({ title: 'Next', planDate: '2027-11-22', tasks: [{ title: 'c' }] });
    await refused('2026-11-21', PAST);
  });

  it('takes the user’s today in their time zone: Pacific/Auckland is a day ahead', async () => {
    await sendAs(ctx, cookie, 'PATCH', '/api/settings', {
      group: 'preferences',
      key: 'timezone',
      value: 'Pacific/Auckland',
    });
    // 12:00 UTC on Saturday 21 November is 01:00 on Sunday 22 November in Auckland (UTC+13).
    clock.advance(3 * 60 * 60 * 1000);
    await refused('2026-11-21', PAST);
    await refused('2027-11-23', OUT_OF_REACH);

    expect((await createPlan({ title: 'Sunday', tasks: [{ title: 'Brunch' }] })).planDate).toBe(
      '2026-11-22',
    );
    const last = await createPlan({
      title: 'Last',
      planDate: '2027-11-22',
      tasks: [{ title: 'x' }],
    });
    expect(await onDate('2027-11-22')).toEqual(last);
    expect(await onDate('2026-11-21')).toBeNull();
  });

  it('answers a repeated create with its first answer after midnight', async () => {
    clock.advance(14 * 60 * 60 * 1000 + 59 * 60 * 1000);
    const create = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/plans',
        payload: { title: 'Late', planDate: '2026-11-21', tasks: [{ title: 'Sleep' }] },
        headers: { ...SAME_ORIGIN, cookie, 'idempotency-key': 'late-plan-2026-11-21' },
      });
    const first = await create();
    expect(first.statusCode).toBe(201);
    // 00:00 on Sunday: the same request again is the same plan, not a past day refused.
    clock.advance(60 * 1000);
    const repeat = await create();
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json()).toEqual(first.json());
  });

  it('keeps a plan’s day when it is edited, whatever day the edit names', async () => {
    const plan = await createPlan({ title: 'Saturday', tasks: [{ title: 'Market' }] });
    // Two days on, Saturday's plan is in the past and can still be edited.
    clock.advance(2 * 24 * 60 * 60 * 1000);
    for (const planDate of ['2026-11-30', '2020-01-01', '2030-01-01']) {
      const edited = await sendAs(ctx, cookie, 'PUT', `/api/plans/${plan.id}`, {
        title: `Saturday ${planDate}`,
        planDate,
        tasks: [{ id: plan.tasks[0]?.id, title: 'Market' }],
      });
      expect(edited.statusCode, planDate).toBe(200);
      expect(edited.json<Plan>(), planDate).toMatchObject({
        planDate: '2026-11-21',
        title: `Saturday ${planDate}`,
      });
    }
    expect(await onDate('2026-11-30')).toBeNull();
  });

  it('never shows another user’s plan of a day, and asks for a session', async () => {
    await createPlan({ title: 'Mine', planDate: '2026-11-22', tasks: [{ title: 'Secret' }] });
    const grace = (await api.signUpAndVerify('grace@example.com')) ?? '';
    expect(await onDate('2026-11-22', grace)).toBeNull();
    const theirs = await sendAs(ctx, grace, 'POST', '/api/plans', {
      title: 'Theirs',
      planDate: '2026-11-22',
      tasks: [{ title: 'Own' }],
    });
    expect(theirs.statusCode).toBe(201);
    expect((await onDate('2026-11-22', grace))?.title).toBe('Theirs');
    expect((await onDate('2026-11-22'))?.title).toBe('Mine');
    expect((await api.get('/api/plans/by-date/2026-11-22')).statusCode).toBe(401);
  });
});
