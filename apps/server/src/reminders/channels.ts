import type { ReminderNotice } from '@daywise/shared';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import type { QueueJob } from './queue';

/** A reminder that came due, as every channel gets it: what it says (reminderNotice) and whom to. */
export interface DueReminder extends ReminderNotice {
  userId: string;
  email: string;
  name: string;
  kind: QueueJob['kind'];
  itemId: string;
  /** When it was due, ISO 8601. */
  fireAt: string;
  /** What a push shows under (a newer one with it replaces the older); reminders' by default. */
  tag?: string;
}

/**
 * One way a reminder reaches the user (email, web push). A channel decides for itself whether
 * the user wants it (their settings, their subscriptions); a failing channel is logged and the
 * others still deliver (delivery.ts). What `deliver` answers (how many devices took a push) is
 * for the channel's own tests; delivery does not read it.
 */
export interface ReminderChannel {
  name: string;
  deliver: (reminder: DueReminder) => Promise<unknown>;
  /**
   * Whether this channel would reach the user at all (email on, a push device kept); left out,
   * it always does. When none would, the server leaves the occurrence to an open tab
   * (delivery.ts). Asked inside the delivery's transaction, on `db`.
   */
  reaches?: (db: Kysely<Database>, userId: string) => Promise<boolean>;
}
