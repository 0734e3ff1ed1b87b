import { createHash, randomBytes } from 'node:crypto';

import { QUOTAS } from '@daywise/shared';
import type {
  ApiToken,
  ApiTokenCreate,
  ApiTokenScope,
  CreatedApiToken,
} from '@daywise/shared/schemas';
import type { Kysely, Selectable } from 'kysely';

import type { ApiTokenTable, Database } from '../db/schema';
import type { SessionUser } from '../lib/caller';
import { ApiError } from '../lib/errors';
import { newId } from '../lib/ids';
import { readable } from '../lib/policy';
import { requireUnderQuota } from '../lib/quota';

/** Every token starts so: secret scanners and people can tell a Daywise token at a glance. */
export const API_TOKEN_PREFIX = 'dw_';
/** `dw_` and 32 random bytes in base64url (43 characters). */
const TOKEN_FORMAT = /^dw_[A-Za-z0-9_-]{43}$/;
/** How often a token's last use is written at most: a busy script costs no write per request. */
export const LAST_USED_PRECISION_MS = 60_000;

/**
 * A token is 256 random bits, so its SHA-256 is enough to store: nobody can guess their way back
 * from the hash, and a lookup by hash is one index read (no per-token salt to try).
 */
export function hashApiToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function present(row: Selectable<ApiTokenTable>): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

export async function listApiTokens(db: Kysely<Database>, userId: string): Promise<ApiToken[]> {
  const rows = await db
    .selectFrom('api_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(present);
}

/** Makes a token; its secret is in the answer and nowhere else, ever. */
export async function createApiToken(
  db: Kysely<Database>,
  userId: string,
  input: ApiTokenCreate,
  now: Date,
): Promise<CreatedApiToken> {
  const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = {
    id: newId(),
    user_id: userId,
    name: input.name,
    scope: input.scope,
    token_hash: hashApiToken(secret),
    created_at: now.toISOString(),
    last_used_at: null,
  };
  await db.transaction().execute(async (trx) => {
    await requireUnderQuota(trx, 'api_tokens', [
      {
        userId,
        rows: trx.selectFrom('api_tokens').where('user_id', '=', userId),
        max: QUOTAS.apiTokens,
        message: `You can have at most ${QUOTAS.apiTokens} API tokens. Revoke one you no longer use first.`,
      },
    ]);
    await trx.insertInto('api_tokens').values(row).execute();
  });
  return { token: present(row), secret };
}

/** Revokes one of the user's tokens; another user's, or a missing one, is 404. */
export async function revokeApiToken(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<void> {
  const deleted = await db
    .deleteFrom('api_tokens')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  readable(deleted.numDeletedRows > 0n ? true : undefined);
}

export interface TokenCaller {
  tokenId: string;
  scope: ApiTokenTable['scope'];
  user: SessionUser;
}

/**
 * The user a token belongs to, read from the database on every request: nothing is cached, so a
 * revoked token (or a deleted account) fails on its next request on every instance. 401 for a
 * token that is malformed, unknown, revoked or of another scope than `scopes`, all alike: a
 * 'caldav' app password opens only /dav/, and the API's tokens never open it (ADR 0034). Its last
 * use is written at most once a minute (the condition keeps instances racing on it to one write).
 */
export async function tokenCaller(
  db: Kysely<Database>,
  secret: string,
  now: Date,
  scopes: readonly ApiTokenScope[],
): Promise<TokenCaller> {
  const invalid = new ApiError('UNAUTHENTICATED', 'This API token is not valid or was revoked.');
  if (!TOKEN_FORMAT.test(secret)) {
    throw invalid;
  }
  const row = await db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select([
      'api_tokens.id as tokenId',
      'api_tokens.scope',
      'api_tokens.last_used_at',
      'users.id',
      'users.name',
      'users.email',
    ])
    .where('api_tokens.token_hash', '=', hashApiToken(secret))
    .where('api_tokens.scope', 'in', scopes)
    .where('users.is_deleted', '=', false)
    .executeTakeFirst();
  if (!row) {
    throw invalid;
  }
  const cutoff = new Date(now.getTime() - LAST_USED_PRECISION_MS).toISOString();
  if (row.last_used_at === null || Date.parse(row.last_used_at) <= Date.parse(cutoff)) {
    await db
      .updateTable('api_tokens')
      .set({ last_used_at: now.toISOString() })
      .where('id', '=', row.tokenId)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', cutoff)]))
      .execute();
  }
  return {
    tokenId: row.tokenId,
    scope: row.scope,
    user: { id: row.id, name: row.name, email: row.email },
  };
}
