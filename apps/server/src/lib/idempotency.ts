import { createHash } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { ApiError } from './errors';
import type { EventBus } from './events';

/** The header a client sends on a creating write it may retry (ADR 0016). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** UUID-ish: a UUID, a ULID or any other random token of sane length. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** How long an answer is remembered: far longer than any client retries. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface WriteAnswer {
  status: number;
  body: unknown;
}

/** What makes a repeat "the same request": the route, its path ids and its validated body. */
function fingerprintOf(request: FastifyRequest): string {
  const parts = [request.method, request.routeOptions.url, request.params, request.body];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) {
    return undefined;
  }
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw new ApiError('IDEMPOTENCY_KEY_INVALID');
  }
  return header;
}

/**
 * Claims (user, key) for this request: true if it is ours to run. Otherwise the earlier
 * request's stored answer, or 409 while it still runs, or 422 if the key came with another
 * request. Expired claims of the user are cleared first, so a key is reusable after a day.
 */
async function claim(
  db: Kysely<Database>,
  userId: string,
  key: string,
  fingerprint: string,
  now: Date,
): Promise<true | WriteAnswer> {
  const stamp = now.toISOString();
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', stamp)
    .execute();
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: userId,
      key,
      fingerprint,
      status: null,
      response: null,
      created_at: stamp,
      expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
    return true;
  }
  const earlier = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  // Missing: released by a failure a moment ago; like a running one, it has no answer yet.
  if (!earlier) {
    throw new ApiError('IDEMPOTENCY_IN_PROGRESS');
  }
  if (earlier.fingerprint !== fingerprint) {
    throw new ApiError('IDEMPOTENCY_KEY_REUSED');
  }
  if (earlier.status === null || earlier.response === null) {
    throw new ApiError('IDEMPOTENCY_IN_PROGRESS');
  }
  return { status: earlier.status, body: JSON.parse(earlier.response) as unknown };
}

/**
 * Runs a creating write at most once per (user, Idempotency-Key) (ADR 0016). Without the header
 * it simply runs. With it, the first request claims the key, runs, and stores its answer; a
 * repeat with the same request gets that answer without writing again, a repeat with a
 * different request gets 422, and a repeat while the first still runs gets 409.
 *
 * The answer is stored right after the write commits, not in its transaction: if the server
 * stops in between, the claim stays unanswered and a repeat gets 409 until it expires, which
 * never duplicates the write. A write that fails releases its claim, so a retry runs afresh
 * (a refused write changed nothing).
 */
async function idempotent(
  db: Kysely<Database>,
  request: FastifyRequest,
  userId: string,
  now: Date,
  write: () => Promise<WriteAnswer>,
): Promise<WriteAnswer> {
  const key = keyOf(request);
  if (key === undefined) {
    return write();
  }
  const claimed = await claim(db, userId, key, fingerprintOf(request), now);
  if (claimed !== true) {
    return claimed;
  }
  let answer: WriteAnswer;
  try {
    answer = await write();
  } catch (error) {
    await db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('status', 'is', null)
      .execute()
      .catch((releaseError: unknown) => {
        request.log.warn({ err: releaseError }, 'could not release an idempotency key');
      });
    throw error;
  }
  // The write has committed, so the client gets its answer even if remembering it fails.
  await db
    .updateTable('idempotency_keys')
    .set({ status: answer.status, response: JSON.stringify(answer.body ?? null) })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute()
    .catch((recordError: unknown) => {
      request.log.error({ err: recordError }, 'could not record an idempotent answer');
    });
  return answer;
}

/**
 * A creating write, made idempotent for a route handler: sent again with the same key, the first
 * attempt's status and answer come back instead of a second create.
 */
export async function idempotentCreate<T>(
  context: {
    db: Kysely<Database>;
    request: FastifyRequest;
    reply: FastifyReply;
    user: { id: string };
    now: Date;
  },
  write: () => Promise<T>,
): Promise<T> {
  const { db, request, reply, user, now } = context;
  const { status, body } = await idempotent(db, request, user.id, now, async () => ({
    status: 201,
    body: await write(),
  }));
  reply.status(status);
  // A replayed answer is the stored JSON of an earlier T; the route's schema checks it again.
  return body as T;
}

/** Remembered answers hold copies of the user's data: they go with the account. */
export function forgetAnswersOfDeletedAccounts(events: EventBus): void {
  events.onWithin('account.deleted', async (trx, { userId }) => {
    await trx.deleteFrom('idempotency_keys').where('user_id', '=', userId).execute();
  });
}
