import { AUTH_RATE_LIMIT } from '@daywise/shared';
import { afterEach, describe, expect, it } from 'vitest';

import { createTestApp, ENGINES, SAME_ORIGIN, type TestApp } from '../helpers';

describe.each(ENGINES)('a burst of parallel logins without Redis on %s', (engine) => {
  let ctx: TestApp;
  afterEach(() => ctx.close());

  it('lets exactly the per-email limit through and refuses the rest with 429', async () => {
    ctx = await createTestApp(engine);
    const burst = await Promise.all(
      Array.from({ length: 35 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/account/login',
          headers: SAME_ORIGIN,
          payload: { email: 'victim@example.com', password: 'guess-123456' },
        }),
      ),
    );
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(AUTH_RATE_LIMIT.perEmail.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      35 - AUTH_RATE_LIMIT.perEmail.max,
    );
  });
});
