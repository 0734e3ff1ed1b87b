import { randomBytes } from 'node:crypto';

import { type Invitation, INVITATION_TTL_MS } from '@daywise/shared/schemas';
import type { Kysely, Selectable } from 'kysely';

import { type AccountServices, findUserByEmail, link, sendMail } from '../auth/accounts';
import { invitationHash } from '../auth/registration';
import type { Database, InvitationTable } from '../db/schema';
import { ApiError } from '../lib/errors';
import { newId } from '../lib/ids';
import { invitationEmail } from '../mail/templates';

/** Invitations the admin page shows, the newest. */
const LISTED_INVITATIONS = 50;

function presentInvitation(row: Selectable<InvitationTable>): Invitation {
  return {
    id: row.id,
    email: row.email,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    acceptedAt: row.accepted_at,
  };
}

/**
 * Invites an address (ADR 0039): a 7-day link to the sign-up page, emailed through the app's
 * mailer, its secret kept only as a hash. An address that already has an account is refused. If
 * the email cannot be sent the invitation is removed again: nobody holds its link.
 */
export async function invite(
  services: AccountServices,
  adminId: string,
  email: string,
): Promise<Invitation> {
  const address = email.trim().toLowerCase();
  const existing = await findUserByEmail(services.db, address);
  if (existing && (existing.email_verified || existing.is_deleted)) {
    throw new ApiError('EMAIL_TAKEN', 'This address already has an account.');
  }
  const token = randomBytes(32).toString('base64url');
  const row = {
    id: newId(),
    email: address,
    token_hash: invitationHash(token),
    invited_by: adminId,
    created_at: services.now.toISOString(),
    expires_at: new Date(services.now.getTime() + INVITATION_TTL_MS).toISOString(),
    accepted_at: null,
  };
  await services.db.insertInto('invitations').values(row).execute();
  try {
    const url = link(services.appUrl, '/signup', { invitation: token, email: address });
    await sendMail(services, address, invitationEmail(url));
  } catch (error) {
    await services.db.deleteFrom('invitations').where('id', '=', row.id).execute();
    throw error;
  }
  return presentInvitation(row);
}

export async function listInvitations(db: Kysely<Database>): Promise<Invitation[]> {
  const rows = await db
    .selectFrom('invitations')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LISTED_INVITATIONS)
    .execute();
  return rows.map(presentInvitation);
}
