import { type Contact } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { newId } from '../lib/ids';

export async function saveContactMessage(db: Kysely<Database>, input: Contact): Promise<string> {
  const id = newId();
  await db
    .insertInto('contact_messages')
    .values({ id, ...input, created_at: new Date().toISOString() })
    .execute();
  return id;
}
