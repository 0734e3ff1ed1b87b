import { afterEach, describe, expect, it } from 'vitest';

import { createTestApp, ENGINES, type TestApp } from '../../test/helpers';

describe.each(ENGINES)('GET /api/health on %s', (engine) => {
  let ctx: TestApp;
  afterEach(() => ctx.close());

  it('answers 200 when the database answers', async () => {
    ctx = await createTestApp(engine);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 when the database is unreachable', async () => {
    ctx = await createTestApp(engine);
    await ctx.database.close();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
  });
});
