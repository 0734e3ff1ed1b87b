import { describe, expect, it } from 'vitest';

import { createTestDatabase, ENGINES } from '../../test/helpers';
import { resolveAuthSecret } from './secret';

describe.each(ENGINES)('resolveAuthSecret on %s', (engine) => {
  it('makes one key, keeps it, and shares it with every instance on the database', async () => {
    const test = await createTestDatabase(engine);
    const other = test.openAnother();
    const first = await resolveAuthSecret(test.database.db, undefined);
    expect(first.length).toBeGreaterThanOrEqual(43);
    expect(await resolveAuthSecret(other.db, undefined)).toBe(first);
    await other.close();
    await test.drop();
  });

  it('uses AUTH_SECRET when it is set', async () => {
    const test = await createTestDatabase(engine);
    const configured = 'x'.repeat(40);
    expect(await resolveAuthSecret(test.database.db, configured)).toBe(configured);
    await test.drop();
  });
});
