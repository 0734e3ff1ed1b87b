import type { Kysely } from 'kysely';

import type { Config } from '../config';
import type { Database } from '../db/schema';

/** Whether `email` is one of ADMIN_EMAILS (compared lower-case, as addresses are kept). */
export function isAdminEmail(config: Pick<Config, 'adminEmails'>, email: string): boolean {
  return config.adminEmails.includes(email.trim().toLowerCase());
}

/**
 * The instance's first account: the oldest verified account that is not deleted. Without
 * ADMIN_EMAILS it is the admin (ADR 0039).
 */
export async function firstAccountId(db: Kysely<Database>): Promise<string | undefined> {
  const first = await db
    .selectFrom('users')
    .select('id')
    .where('email_verified', '=', true)
    .where('is_deleted', '=', false)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return first?.id;
}

/**
 * Whether a user is an admin (ADR 0039): an address of ADMIN_EMAILS, or, when ADMIN_EMAILS is
 * unset, the instance's first account. A disabled account is no admin.
 */
export async function isAdmin(
  db: Kysely<Database>,
  config: Pick<Config, 'adminEmails'>,
  user: { id: string; email: string },
): Promise<boolean> {
  if (config.adminEmails.length > 0) {
    if (!isAdminEmail(config, user.email)) {
      return false;
    }
  } else if ((await firstAccountId(db)) !== user.id) {
    return false;
  }
  const row = await db
    .selectFrom('users')
    .select('disabled_at')
    .where('id', '=', user.id)
    .executeTakeFirst();
  return row !== undefined && row.disabled_at === null;
}
