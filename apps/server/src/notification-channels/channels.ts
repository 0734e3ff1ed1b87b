import { randomBytes } from 'node:crypto';

import { QUOTAS } from '@daywise/shared';
import type {
  Channel,
  ChannelCreate,
  ChannelStatus,
  ChannelUpdate,
  SavedChannel,
} from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database, NotificationChannelTable } from '../db/schema';
import { ApiError } from '../lib/errors';
import { newId } from '../lib/ids';
import { OutboundRefusedError } from '../lib/outbound';
import { readable } from '../lib/policy';
import { requireUnderQuota } from '../lib/quota';
import type { ChannelRow } from './send';

/** A webhook's signing secret: recognisable, 256 random bits. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** Checks that the server may send to a URL now (lib/outbound.ts); throws OutboundRefusedError. */
export type UrlCheck = (url: string) => Promise<void>;

/** 400 OUTBOUND_REFUSED on the `url` field when the guard would refuse the address. */
export async function requireReachable(check: UrlCheck, url: string): Promise<void> {
  try {
    await check(url);
  } catch (error) {
    if (error instanceof OutboundRefusedError) {
      const message =
        'Daywise cannot send to this address: it is not on the public internet, or it could not be found.';
      throw new ApiError('OUTBOUND_REFUSED', message, { url: message });
    }
    throw error;
  }
}

export function presentChannel(row: ChannelRow): Channel {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    url: row.url,
    topic: row.kind === 'ntfy' ? row.topic : null,
    secretSet: row.secret !== null,
    lastDelivery:
      row.last_at === null
        ? null
        : {
            ok: row.last_ok === 1,
            status: row.last_status,
            message: row.last_message ?? '',
            at: row.last_at,
          },
    createdAt: row.created_at,
  };
}

export function userChannels(db: Kysely<Database>, userId: string): Promise<ChannelRow[]> {
  return db
    .selectFrom('notification_channels')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The user's channel, or 404 as for a missing one (another user's id included). */
export async function ownChannel(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<ChannelRow> {
  return readable(
    await db
      .selectFrom('notification_channels')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  );
}

export async function createChannel(
  db: Kysely<Database>,
  check: UrlCheck,
  userId: string,
  input: ChannelCreate,
  now: Date,
): Promise<SavedChannel> {
  await requireReachable(check, input.url);
  const signingSecret = input.kind === 'webhook' ? newSigningSecret() : null;
  const row: ChannelRow = {
    id: newId(),
    user_id: userId,
    kind: input.kind,
    name: input.name,
    url: input.url,
    topic: input.kind === 'ntfy' ? input.topic : null,
    secret: input.kind === 'webhook' ? signingSecret : (input.token ?? null),
    last_ok: null,
    last_status: null,
    last_message: null,
    last_at: null,
    created_at: now.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await requireUnderQuota(trx, 'notification_channels', [
      {
        userId,
        rows: trx.selectFrom('notification_channels').where('user_id', '=', userId),
        max: QUOTAS.notificationChannels,
        message: `You can have at most ${QUOTAS.notificationChannels} notification channels. Remove one you no longer use first.`,
      },
    ]);
    await trx.insertInto('notification_channels').values(row).execute();
  });
  return { channel: presentChannel(row), signingSecret };
}

/** What a change sets, refused (400) where it does not fit the channel's kind. */
function changes(
  row: ChannelRow,
  update: ChannelUpdate,
): { set: Partial<NotificationChannelTable>; signingSecret: string | null } {
  const wrongKind = (field: string, text: string) =>
    new ApiError('VALIDATION_FAILED', text, { [field]: text });
  if (update.topic !== undefined && row.kind !== 'ntfy') {
    throw wrongKind('topic', 'Only an ntfy channel has a topic');
  }
  if (update.token !== undefined && row.kind === 'webhook') {
    throw wrongKind('token', 'A webhook has a signing secret, not a token');
  }
  if (update.token === null && row.kind === 'gotify') {
    throw wrongKind('token', 'A Gotify channel needs its application token');
  }
  if (update.rotateSecret && row.kind !== 'webhook') {
    throw wrongKind('rotateSecret', 'Only a webhook has a signing secret');
  }
  const signingSecret = update.rotateSecret ? newSigningSecret() : null;
  const set: Partial<NotificationChannelTable> = {
    ...(update.name === undefined ? {} : { name: update.name }),
    ...(update.url === undefined ? {} : { url: update.url }),
    ...(update.topic === undefined ? {} : { topic: update.topic }),
    ...(update.token === undefined ? {} : { secret: update.token }),
    ...(signingSecret ? { secret: signingSecret } : {}),
  };
  return { set, signingSecret };
}

export async function updateChannel(
  db: Kysely<Database>,
  check: UrlCheck,
  userId: string,
  id: string,
  update: ChannelUpdate,
): Promise<SavedChannel> {
  const row = await ownChannel(db, userId, id);
  const { set, signingSecret } = changes(row, update);
  if (update.url !== undefined) {
    await requireReachable(check, update.url);
  }
  await db
    .updateTable('notification_channels')
    .set(set)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
  return { channel: presentChannel({ ...row, ...set }), signingSecret };
}

export async function removeChannel(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<void> {
  const deleted = await db
    .deleteFrom('notification_channels')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  readable(deleted.numDeletedRows > 0n ? true : undefined);
}

/** Keeps what became of the last notification sent to a channel, for Settings to show. */
export async function recordStatus(
  db: Kysely<Database>,
  id: string,
  status: ChannelStatus,
): Promise<void> {
  await db
    .updateTable('notification_channels')
    .set({
      last_ok: status.ok ? 1 : 0,
      last_status: status.status,
      last_message: status.message,
      last_at: status.at,
    })
    .where('id', '=', id)
    .execute();
}
