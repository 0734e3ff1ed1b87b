import { type Feedback } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { storeForm } from '../lib/public-form';

/** Stores a Feedback page form, received at `now`. */
export function saveFeedback(db: Kysely<Database>, input: Feedback, now: Date) {
  return storeForm(db, 'feedback', input, now);
}
