import { randomBytes } from 'node:crypto';

import type { Kysely } from 'kysely';

import { keptAppSetting } from '../db/app-settings';
import type { Database } from '../db/schema';

const KEY = 'auth_secret';

/**
 * The key that signs session cookies. AUTH_SECRET when set; otherwise one made on first start and
 * kept in the database, so the embedded default needs no setting and every instance that shares
 * a PostgreSQL database signs with the same key.
 */
export async function resolveAuthSecret(
  db: Kysely<Database>,
  configured: string | undefined,
): Promise<string> {
  if (configured) {
    return configured;
  }
  return keptAppSetting(db, KEY, () => randomBytes(32).toString('base64url'));
}
