import { QUOTAS } from '@daywise/shared';
import {
  type EventWebhook,
  type EventWebhookCreate,
  type SavedEventWebhook,
  WEBHOOK_EVENTS,
  type WebhookAttempt,
  type WebhookEvent,
} from '@daywise/shared/schemas';
import type { Kysely, Selectable } from 'kysely';

import type { Database, EventWebhookTable, WebhookAttemptTable } from '../db/schema';
import { newId } from '../lib/ids';
import { readable } from '../lib/policy';
import { requireUnderQuota } from '../lib/quota';
import {
  newSigningSecret,
  requireReachable,
  type UrlCheck,
} from '../notification-channels/channels';

export type EventWebhookRow = Selectable<EventWebhookTable>;

/** The events a row names, in WEBHOOK_EVENTS' order (a stored name no longer known is dropped). */
export function eventsOf(row: Pick<EventWebhookRow, 'events'>): WebhookEvent[] {
  const named = new Set(JSON.parse(row.events) as string[]);
  return WEBHOOK_EVENTS.filter((event) => named.has(event));
}

export function presentWebhook(row: EventWebhookRow): EventWebhook {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    events: eventsOf(row),
    createdAt: row.created_at,
  };
}

export function presentAttempt(row: Selectable<WebhookAttemptTable>): WebhookAttempt {
  return {
    id: row.id,
    deliveryId: row.delivery_id,
    event: row.event as WebhookAttempt['event'],
    attempt: row.attempt,
    ok: row.ok === 1,
    status: row.status,
    message: row.message,
    gaveUp: row.gave_up === 1,
    at: row.at,
  };
}

export function userWebhooks(db: Kysely<Database>, userId: string): Promise<EventWebhookRow[]> {
  return db
    .selectFrom('event_webhooks')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The user's webhook, or 404 as for a missing one (another user's id included). */
export async function ownWebhook(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<EventWebhookRow> {
  return readable(
    await db
      .selectFrom('event_webhooks')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  );
}

export async function createWebhook(
  db: Kysely<Database>,
  check: UrlCheck,
  userId: string,
  input: EventWebhookCreate,
  now: Date,
): Promise<SavedEventWebhook> {
  await requireReachable(check, input.url);
  const row: EventWebhookRow = {
    id: newId(),
    user_id: userId,
    name: input.name,
    url: input.url,
    events: JSON.stringify(WEBHOOK_EVENTS.filter((event) => input.events.includes(event))),
    secret: newSigningSecret(),
    created_at: now.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await requireUnderQuota(trx, 'event_webhooks', [
      {
        userId,
        rows: trx.selectFrom('event_webhooks').where('user_id', '=', userId),
        max: QUOTAS.eventWebhooks,
        message: `You can have at most ${QUOTAS.eventWebhooks} event webhooks. Remove one you no longer use first.`,
      },
    ]);
    await trx.insertInto('event_webhooks').values(row).execute();
  });
  return { webhook: presentWebhook(row), signingSecret: row.secret };
}

/** Removes the webhook and its log; its pending tries find it gone and send nothing. */
export async function removeWebhook(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ownWebhook(trx, userId, id);
    await trx.deleteFrom('webhook_attempts').where('webhook_id', '=', id).execute();
    await trx.deleteFrom('event_webhooks').where('id', '=', id).execute();
  });
}

/** The webhook's last attempts, newest first. */
export async function lastAttempts(
  db: Kysely<Database>,
  webhookId: string,
  limit: number,
): Promise<WebhookAttempt[]> {
  const rows = await db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('at', 'desc')
    .orderBy('attempt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(presentAttempt);
}
