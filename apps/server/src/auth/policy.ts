import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { ApiError } from '../lib/errors';
import { readable } from '../lib/policy';

/**
 * A session the user may end from the sessions list (docs/ARCHITECTURE.md, "Policies"): one of
 * their own but the current one, which signing out ends. Another user's session answers exactly
 * like one that does not exist.
 */
export async function endableSession(
  db: Kysely<Database>,
  userId: string,
  currentId: string,
  sessionId: string,
): Promise<{ id: string }> {
  if (sessionId === currentId) {
    throw new ApiError('VALIDATION_FAILED', 'Use Sign out to end this session.');
  }
  return readable(
    await db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  );
}
