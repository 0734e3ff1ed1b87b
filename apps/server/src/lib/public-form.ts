import { PUBLIC_FORM_BODY_LIMIT_BYTES, PUBLIC_FORM_RATE_LIMIT } from '@daywise/shared';
import type { Insertable, Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { newId } from './ids';
import type { RouteOptions } from './route';

/** The forms anyone may send (contact, feedback): a small body, a few a minute per client. */
export const publicForm: RouteOptions = {
  bodyLimit: PUBLIC_FORM_BODY_LIMIT_BYTES,
  config: {
    rateLimit: { max: PUBLIC_FORM_RATE_LIMIT.max, timeWindow: PUBLIC_FORM_RATE_LIMIT.windowMs },
  },
};

/** The tables the public forms are stored in, for the team to read. */
type FormTable = 'contact_messages' | 'feedback';

/** Stores one sent form as received at `now`; answers its id. */
export async function storeForm<T extends FormTable>(
  db: Kysely<Database>,
  table: T,
  input: Omit<Insertable<Database[T]>, 'id' | 'created_at'>,
  now: Date,
): Promise<string> {
  const id = newId();
  // Every form table has these two columns besides the form's own fields.
  const row = { id, ...input, created_at: now.toISOString() };
  await db
    .insertInto(table)
    .values(row as never)
    .execute();
  return id;
}
