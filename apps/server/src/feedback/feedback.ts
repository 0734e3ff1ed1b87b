import { type Feedback } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { newId } from '../lib/ids';

export async function saveFeedback(db: Kysely<Database>, input: Feedback): Promise<string> {
  const id = newId();
  await db
    .insertInto('feedback')
    .values({ id, ...input, created_at: new Date().toISOString() })
    .execute();
  return id;
}
