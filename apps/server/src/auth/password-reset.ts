import { PASSWORD_RESET_TTL_MS } from '@daywise/shared';

import { ApiError } from '../lib/errors';
import { passwordResetEmail } from '../mail/templates';
import {
  type AccountServices,
  findUser,
  findUserByEmail,
  link,
  refuseCommonPassword,
  sendMail,
} from './accounts';
import { checkToken, consumeToken, issueToken } from './tokens';

/* A forgotten password: the reset link by email, the link checked, and the new password set. */

/** Forgot password: a 1-hour, single-use reset link to a live account. */
export async function requestPasswordReset(
  services: AccountServices,
  email: string,
): Promise<void> {
  const user = await findUserByEmail(services.db, email);
  if (!user) {
    throw new ApiError('ACCOUNT_NOT_FOUND');
  }
  if (user.is_deleted) {
    throw new ApiError('RESET_ACCOUNT_DELETED');
  }
  const { secret } = await issueToken(
    services.db,
    user.id,
    'reset-password',
    PASSWORD_RESET_TTL_MS,
    services.now,
  );
  const url = link(services.appUrl, '/reset-password', { userId: user.id, secret });
  await sendMail(services, user.email, passwordResetEmail(url));
}

export async function checkResetLink(
  services: AccountServices,
  userId: string,
  secret: string,
): Promise<void> {
  if ((await checkToken(services.db, userId, 'reset-password', secret, services.now)) !== 'valid') {
    throw new ApiError('RESET_LINK_INVALID');
  }
}

/**
 * Sets the new password and ends every session of the account. The link proves the
 * address, so an unverified account becomes verified too.
 */
export async function resetPassword(
  services: AccountServices,
  userId: string,
  secret: string,
  password: string,
): Promise<void> {
  // The link first, so that every request without a right one counts as a miss (ADR 0022); the
  // password before the link is used up, so the user can choose again with the same link.
  await checkResetLink(services, userId, secret);
  refuseCommonPassword(password);
  if (
    (await consumeToken(services.db, userId, 'reset-password', secret, services.now)) !== 'valid'
  ) {
    throw new ApiError('RESET_LINK_INVALID');
  }
  const user = await findUser(services.db, userId);
  if (!user || user.is_deleted) {
    throw new ApiError('RESET_ACCOUNT_DELETED');
  }
  const hash = await (await services.auth.$context).password.hash(password);
  const now = services.now.toISOString();
  await services.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('accounts')
      .set({ password: hash, updated_at: now })
      .where('user_id', '=', userId)
      .where('provider_id', '=', 'credential')
      .execute();
    await trx
      .updateTable('users')
      .set({
        email_verified: true,
        email_verified_at: user.email_verified_at ?? now,
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  });
}
