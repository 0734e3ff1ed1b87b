import { type Contact } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { storeForm } from '../lib/public-form';

/** Stores a Contact page message, received at `now`. */
export function saveContactMessage(db: Kysely<Database>, input: Contact, now: Date) {
  return storeForm(db, 'contact_messages', input, now);
}
