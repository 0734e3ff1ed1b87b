import { createHash } from 'node:crypto';

import { ACCESS_MESSAGES } from '@daywise/shared/access-messages';
import type { Kysely } from 'kysely';

import type { Config } from '../config';
import type { Database } from '../db/schema';
import { ApiError } from '../lib/errors';
import { firstAccountId, isAdminEmail } from './admins';

/** The stored form of an invitation link's secret: only its SHA-256 is kept (ADR 0039). */
export function invitationHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A live invitation of `email`: with `token`, the one that link carries; without, any. */
async function liveInvitation(
  db: Kysely<Database>,
  email: string,
  token: string | undefined,
  now: Date,
) {
  let query = db
    .selectFrom('invitations')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .where('expires_at', '>', now.toISOString());
  if (token !== undefined) {
    query = query.where('token_hash', '=', invitationHash(token));
  }
  return query.executeTakeFirst();
}

/**
 * Whether `email` may make an account (REGISTRATION, ADR 0039), the one rule every way of making
 * one calls: the sign-up form here, and a first sign-in through single sign-on. Answers the
 * invitation used, if any, for the caller to mark accepted; throws 403 REGISTRATION_CLOSED
 * otherwise.
 * - open: anyone.
 * - invite: the emailed invitation link only (`invitationToken` must be the link's, for this
 *   address, not expired).
 * - closed: only an invited address (a live invitation, with or without its link).
 * In every mode an address of ADMIN_EMAILS may join, and so may the first account of a new
 * instance without ADMIN_EMAILS, which becomes its admin: otherwise nobody could ever invite.
 */
export async function mayRegister(
  db: Kysely<Database>,
  config: Pick<Config, 'registration' | 'adminEmails'>,
  email: string,
  invitationToken: string | undefined,
  now: Date = new Date(),
): Promise<{ invitationId: string | undefined }> {
  if (config.registration === 'open' || isAdminEmail(config, email)) {
    return { invitationId: undefined };
  }
  if (config.adminEmails.length === 0 && (await firstAccountId(db)) === undefined) {
    return { invitationId: undefined };
  }
  if (config.registration === 'invite' && invitationToken === undefined) {
    throw new ApiError('REGISTRATION_CLOSED', ACCESS_MESSAGES.registrationInviteOnly);
  }
  const invitation = await liveInvitation(db, email, invitationToken, now);
  if (!invitation) {
    throw new ApiError(
      'REGISTRATION_CLOSED',
      invitationToken === undefined
        ? ACCESS_MESSAGES.registrationClosed
        : ACCESS_MESSAGES.invitationInvalid,
    );
  }
  return { invitationId: invitation.id };
}

/** Records that an invitation was used to make an account. */
export async function acceptInvitation(
  db: Kysely<Database>,
  invitationId: string | undefined,
  now: Date,
): Promise<void> {
  if (invitationId !== undefined) {
    await db
      .updateTable('invitations')
      .set({ accepted_at: now.toISOString() })
      .where('id', '=', invitationId)
      .where('accepted_at', 'is', null)
      .execute();
  }
}
