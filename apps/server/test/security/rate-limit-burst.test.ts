import { AUTH_RATE_LIMIT } from '@daywise/shared';
import { afterEach, describe, expect, it } from 'vitest';

import { loginBurst } from '../account-client';
import { createTestApp, ENGINES, type TestApp } from '../helpers';

describe.each(ENGINES)('a burst of parallel logins without Redis on %s', (engine) => {
  let ctx: TestApp;
  afterEach(() => ctx.close());

  it('lets exactly the per-email limit through and refuses the rest with 429', async () => {
    ctx = await createTestApp(engine);
    const burst = await loginBurst(ctx, 35);
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(AUTH_RATE_LIMIT.perEmail.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      35 - AUTH_RATE_LIMIT.perEmail.max,
    );
  });
});
