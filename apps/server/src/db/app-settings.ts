import type { Kysely } from 'kysely';

import type { Database } from './schema';

/**
 * A value the server makes once and keeps in `app_settings` (a signing secret, a key pair): the
 * first instance to start inserts `make()`'s value, and every instance, then and after restarts,
 * reads the one that won. On PostgreSQL several instances may race here; the insert that loses
 * does nothing, so they all end up with the same value.
 */
export async function keptAppSetting(
  db: Kysely<Database>,
  key: string,
  make: () => string,
): Promise<string> {
  await db
    .insertInto('app_settings')
    .values({ key, value: make() })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.value;
}
