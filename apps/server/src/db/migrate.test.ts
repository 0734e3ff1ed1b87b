import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { createTestDatabase, ENGINES, TEST_DATABASE_URL } from '../../test/helpers';
import { migrateToLatest } from './migrate';

describe.each(ENGINES)('migrations on %s', (engine) => {
  it('create the schema once and are a no-op when run again', async () => {
    const test = await createTestDatabase(engine, false);
    const first = await migrateToLatest(test.database.db);
    expect(first.map((result) => result.status)).toEqual(first.map(() => 'Success'));
    expect(first.length).toBeGreaterThan(0);
    expect(await migrateToLatest(test.database.db)).toEqual([]);
    await test.database.db
      .insertInto('feedback')
      .values({
        id: 'f1',
        name: 'A',
        email: 'a@example.com',
        rating: 0,
        category: 'Other',
        feedback: 'x',
        created_at: new Date().toISOString(),
      })
      .execute();
    await test.drop();
  });
});

// The embedded SQLite database serves one instance; instances that share a database use
// PostgreSQL, where the advisory lock matters. Runs when TEST_DATABASE_URL is set.
describe.skipIf(!TEST_DATABASE_URL)('migrations on postgres (TEST_DATABASE_URL)', () => {
  it('let two instances start at once without migrating twice', async () => {
    const test = await createTestDatabase('postgres', false);
    const other = test.openAnother();
    const [a, b] = await Promise.all([
      migrateToLatest(test.database.db),
      migrateToLatest(other.db),
    ]);
    // One instance ran every migration; the other, waiting on the lock, found nothing to do.
    expect([a.length, b.length].sort()).toEqual([0, a.length + b.length]);
    const { rows } = await sql<{
      count: number;
    }>`select count(*) as count from kysely_migration`.execute(test.database.db);
    expect(Number(rows[0]?.count)).toBe(a.length + b.length);
    await other.close();
    await test.drop();
  });
});
