import { createHash } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';

import type { Database } from '../db/schema';
import { ApiError } from './errors';
import type { Emitting, EventBus } from './events';

/** The header a client sends on a creating write it may retry (ADR 0016). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** UUID-ish: a UUID, a ULID or any other random token of sane length. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** How long an answer is remembered: far longer than any client retries. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** What every idempotent write answers when it creates. */
const CREATED = 201;

interface WriteAnswer {
  status: number;
  body: unknown;
}

/** A write's transaction either wrote, or found the answer of an earlier request with its key. */
type Outcome<T> = { written: Emitting<T> } | { earlier: WriteAnswer };

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
 * Claims (user, key) inside the write's transaction: undefined if it is ours to run. Otherwise
 * the earlier request's stored answer, or 422 if the key came with another request.
 *
 * The claim is an insert on the primary key. A claim another transaction holds but has not
 * committed makes the insert wait for that transaction (PostgreSQL waits on the key; SQLite runs
 * one transaction at a time), so a repeat sent while the first still runs gets the first's answer
 * once it commits, or runs the write itself if the first failed or its process died.
 */
async function claim(
  trx: Transaction<Database>,
  userId: string,
  key: string,
  fingerprint: string,
  now: Date,
): Promise<WriteAnswer | undefined> {
  const inserted = await trx
    .insertInto('idempotency_keys')
    .values({
      user_id: userId,
      key,
      fingerprint,
      status: null,
      response: null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
    return undefined;
  }
  const earlier = await trx
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (earlier && earlier.fingerprint !== fingerprint) {
    throw new ApiError('IDEMPOTENCY_KEY_REUSED');
  }
  // Missing: expired and cleared by another request a moment ago. Unanswered: claimed by an
  // instance running the code before ADR 0022, which stored the answer after its commit.
  if (!earlier || earlier.status === null || earlier.response === null) {
    throw new ApiError('IDEMPOTENCY_IN_PROGRESS');
  }
  return { status: earlier.status, body: JSON.parse(earlier.response) as unknown };
}

/**
 * A creating write, run at most once per (user, Idempotency-Key) (ADR 0016): sent again with the
 * same key, the first attempt's status and answer come back instead of a second create; with the
 * same key and a different request, 422. Without the header it simply runs.
 *
 * The claim, the write and its stored answer are one transaction (ADR 0022), so a crash at any
 * point leaves either all three or none: a retry gets the committed answer, or does the write. A
 * write that fails takes its claim with it, so its retry runs afresh (a refused write changed
 * nothing). `write` runs inside that transaction and must make every query on `trx` (on SQLite
 * a query on `db` would wait for this transaction forever); its events are emitted once it has
 * committed, and only by the attempt that wrote.
 */
export async function idempotentCreate<T>(
  context: {
    db: Kysely<Database>;
    events: EventBus;
    request: FastifyRequest;
    reply: FastifyReply;
    user: { id: string };
    now: Date;
  },
  write: (trx: Transaction<Database>) => Promise<Emitting<T>>,
): Promise<T> {
  const { db, events, request, reply, user, now } = context;
  const key = keyOf(request);
  if (key !== undefined) {
    // Outside the transaction: a delete there would hold its rows' locks until the write ends.
    await db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', user.id)
      .where('expires_at', '<=', now.toISOString())
      .execute();
  }
  const outcome = await db.transaction().execute(async (trx): Promise<Outcome<T>> => {
    if (key !== undefined) {
      const earlier = await claim(trx, user.id, key, fingerprintOf(request), now);
      if (earlier) {
        return { earlier };
      }
    }
    const written = await write(trx);
    if (key !== undefined) {
      await trx
        .updateTable('idempotency_keys')
        .set({ status: CREATED, response: JSON.stringify(written.result ?? null) })
        .where('user_id', '=', user.id)
        .where('key', '=', key)
        .execute();
    }
    return { written };
  });
  if ('earlier' in outcome) {
    reply.status(outcome.earlier.status);
    // A replayed answer is the stored JSON of an earlier T; the route's schema checks it again.
    return outcome.earlier.body as T;
  }
  for (const event of outcome.written.events) {
    await events.emit(event);
  }
  reply.status(CREATED);
  return outcome.written.result;
}

/** Remembered answers hold copies of the user's data: they go with the account. */
export function forgetAnswersOfDeletedAccounts(events: EventBus): void {
  events.onWithin('account.deleted', async (trx, { userId }) => {
    await trx.deleteFrom('idempotency_keys').where('user_id', '=', userId).execute();
  });
}
