import { describeDevice, QUOTAS } from '@daywise/shared';
import type { PushDevice, PushSubscriptionInput } from '@daywise/shared/schemas';
import type { Kysely, Selectable } from 'kysely';

import type { Database, PushSubscriptionTable } from '../db/schema';
import { newId } from '../lib/ids';
import { ownRow } from '../lib/policy';
import { requireUnderQuota } from '../lib/quota';

export type PushSubscriptionRow = Selectable<PushSubscriptionTable>;

function presentDevice(row: PushSubscriptionRow): PushDevice {
  return {
    id: row.id,
    label: row.device_label,
    createdAt: row.created_at,
    lastSuccessAt: row.last_success_at,
  };
}

/**
 * Keeps a browser's subscription for the user. The endpoint names the browser: subscribing again
 * renews its keys, and a browser last subscribed under another account (who signed out there)
 * now belongs to this one. Only a new device counts against the quota.
 */
export async function savePushSubscription(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
  now: Date,
): Promise<PushDevice> {
  const row = await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('push_subscriptions')
      .select('user_id')
      .where('endpoint', '=', input.endpoint)
      .executeTakeFirst();
    if (existing?.user_id !== userId) {
      await requireUnderQuota(trx, 'push_subscriptions', [
        {
          userId,
          rows: trx.selectFrom('push_subscriptions').where('user_id', '=', userId),
          max: QUOTAS.pushSubscriptions,
          message: `You can receive push reminders on at most ${QUOTAS.pushSubscriptions} devices.`,
        },
      ]);
    }
    if (existing && existing.user_id !== userId) {
      await trx.deleteFrom('push_subscriptions').where('endpoint', '=', input.endpoint).execute();
    }
    return (
      trx
        .insertInto('push_subscriptions')
        .values({
          id: newId(),
          user_id: userId,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          device_label: describeDevice(userAgent),
          session_id: sessionId,
          created_at: now.toISOString(),
          last_success_at: null,
        })
        // Two subscribes of one browser racing: the second renews the first's row.
        .onConflict((conflict) =>
          conflict.column('endpoint').doUpdateSet((eb) => ({
            p256dh: eb.ref('excluded.p256dh'),
            auth: eb.ref('excluded.auth'),
            device_label: eb.ref('excluded.device_label'),
            session_id: eb.ref('excluded.session_id'),
          })),
        )
        .returningAll()
        .executeTakeFirstOrThrow()
    );
  });
  return presentDevice(row);
}

/** The user's devices, newest first. */
export async function listPushDevices(db: Kysely<Database>, userId: string): Promise<PushDevice[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(QUOTAS.pushSubscriptions)
    .execute();
  return rows.map(presentDevice);
}

/** Every subscription of the user, with the keys a push needs. */
export function userSubscriptions(
  db: Kysely<Database>,
  userId: string,
): Promise<PushSubscriptionRow[]> {
  return db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .limit(QUOTAS.pushSubscriptions)
    .execute();
}

/** Removes one of the user's devices; another user's answers 404 like a missing one. */
export async function removePushDevice(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<void> {
  await ownRow(db, 'push_subscriptions', userId, id);
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** Removes the user's subscription with this endpoint, if there is one. */
export async function removePushEndpoint(
  db: Kysely<Database>,
  userId: string,
  endpoint: string,
): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', userId)
    .execute();
}
