import { MESSAGES, PUBLIC_FORM_RATE_LIMIT } from '@daywise/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createTestApp, ENGINES, SAME_ORIGIN, type TestApp } from '../../test/helpers';

const feedback = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  rating: 5,
  category: 'Feature Request',
  feedback: 'A weekly review screen would be lovely.',
};

describe.each(ENGINES)('POST /api/feedback on %s', (engine) => {
  let ctx: TestApp;
  beforeEach(async () => {
    ctx = await createTestApp(engine);
  });
  afterEach(() => ctx.close());

  const post = (payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: payload as object,
      headers: SAME_ORIGIN,
    });
  const storedRows = () => ctx.database.db.selectFrom('feedback').selectAll().execute();

  it('stores the feedback and answers 201', async () => {
    const response = await post(feedback);
    expect(response.statusCode).toBe(201);
    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...feedback, id: response.json<{ id: string }>().id });
  });

  it('stores an unrated submission with rating 0', async () => {
    const { rating: _rating, ...unrated } = feedback;
    expect((await post(unrated)).statusCode).toBe(201);
    expect((await storedRows())[0]?.rating).toBe(0);
  });

  it('refuses an unknown category or a rating outside 0-5 and stores nothing', async () => {
    const badCategory = await post({ ...feedback, category: 'Complaint' });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { category: MESSAGES.categoryRequired } },
    });
    const badRating = await post({ ...feedback, rating: 9 });
    expect(badRating.statusCode).toBe(400);
    expect(badRating.json()).toMatchObject({
      error: { fields: { rating: MESSAGES.ratingInvalid } },
    });
    expect(await storedRows()).toHaveLength(0);
  });

  it('is rate limited', async () => {
    for (let i = 0; i < PUBLIC_FORM_RATE_LIMIT.max; i += 1) {
      await post(feedback);
    }
    expect((await post(feedback)).statusCode).toBe(429);
  });
});
