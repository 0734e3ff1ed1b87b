import { MESSAGES, PUBLIC_FORM_RATE_LIMIT } from '@daywise/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createTestApp, ENGINES, SAME_ORIGIN, type TestApp } from '../../test/helpers';

const message = {
  name: '  Ada Lovelace ',
  email: 'ada@example.com',
  subject: 'Calendar view',
  message: 'Could Daywise show my plans in a calendar?',
};

describe.each(ENGINES)('POST /api/contact on %s', (engine) => {
  let ctx: TestApp;
  beforeEach(async () => {
    ctx = await createTestApp(engine);
  });
  afterEach(() => ctx.close());

  const post = (payload: unknown, headers: Record<string, string> = SAME_ORIGIN) =>
    ctx.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, headers });
  const storedRows = () => ctx.database.db.selectFrom('contact_messages').selectAll().execute();

  it('stores the message, trimmed, and answers 201 with its id', async () => {
    const response = await post(message);
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...message, id, name: 'Ada Lovelace' });
    expect(new Date(rows[0]!.created_at).toISOString()).toBe(rows[0]!.created_at);
  });

  it('refuses an invalid message with the field messages and stores nothing', async () => {
    const response = await post({ ...message, email: 'not-an-email', subject: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: MESSAGES.emailInvalid,
        fields: { email: MESSAGES.emailInvalid, subject: MESSAGES.subjectRequired },
      },
    });
    expect(await storedRows()).toHaveLength(0);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_FAILED');
  });

  it('refuses a request from another site and stores nothing', async () => {
    const response = await post(message, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('FORBIDDEN_ORIGIN');
    expect(await storedRows()).toHaveLength(0);
  });

  it(`limits a client to ${PUBLIC_FORM_RATE_LIMIT.max} messages a minute`, async () => {
    for (let i = 0; i < PUBLIC_FORM_RATE_LIMIT.max; i += 1) {
      expect((await post(message)).statusCode).toBe(201);
    }
    const limited = await post(message);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ error: { code: string } }>().error.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await storedRows()).toHaveLength(PUBLIC_FORM_RATE_LIMIT.max);
  });
});
