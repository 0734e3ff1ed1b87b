import { MESSAGES, RESTORE_TTL_MS, VERIFICATION_TTL_MS } from '@daywise/shared';
import type { Kysely } from 'kysely';

import { refuseDisabled } from '../admin/accounts';
import type { Database } from '../db/schema';
import { ApiError } from '../lib/errors';
import type { EventBus } from '../lib/events';
import type { Mailer } from '../mail/mailer';
import { accountRestoreEmail, type EmailContent, verificationEmail } from '../mail/templates';
import type { Auth } from './auth';
import { isCommonPassword } from './common-passwords';
import {
  checkToken,
  consumeToken,
  deleteTokens,
  issueToken,
  type TokenCheck,
  tokenExpiry,
} from './tokens';

export interface AccountServices {
  db: Kysely<Database>;
  auth: Auth;
  mailer: Mailer;
  appUrl: string;
  /** The request's instant. */
  now: Date;
  events: EventBus;
  /** Throws RATE_LIMITED when `to` has had its share of emails (ADR 0013); runs before each send. */
  checkEmailQuota: (to: string) => Promise<void>;
}

export async function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findUser(db: Kysely<Database>, userId: string) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/**
 * A link to a page of ours, always built from APP_URL, never from the request. The parameters,
 * secret included, travel in the fragment: a browser never sends it, so the secret stays out of
 * request logs, proxies and Referer headers (ADR 0013). The pages read the query too, for links
 * sent before.
 */
export function link(appUrl: string, page: string, params: Record<string, string>): string {
  return `${appUrl}${page}#${new URLSearchParams(params).toString()}`;
}

/** Refuses a common password as a field error the sign-up and reset forms show (ADR 0013). */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) {
    throw new ApiError('VALIDATION_FAILED', MESSAGES.passwordTooCommon, {
      password: MESSAGES.passwordTooCommon,
    });
  }
}

export async function sendMail(
  services: AccountServices,
  to: string,
  content: EmailContent,
): Promise<void> {
  await services.checkEmailQuota(to);
  try {
    await services.mailer.send(to, content);
  } catch (error) {
    throw new ApiError('EMAIL_SEND_FAILED', undefined, undefined, error);
  }
}

/** Issues a fresh 5-minute verification link and emails it; the previous link stops working. */
export async function sendVerification(
  services: AccountServices,
  user: { id: string; name: string; email: string },
  resent: boolean,
): Promise<Date> {
  const { secret, expiresAt } = await issueToken(
    services.db,
    user.id,
    'verify-email',
    VERIFICATION_TTL_MS,
    services.now,
  );
  const params = { userId: user.id, secret, ...(resent ? { resent: 'true' } : {}) };
  await sendMail(
    services,
    user.email,
    verificationEmail(link(services.appUrl, '/verify-email', params)),
  );
  return expiresAt;
}

/**
 * Sign-up: creates the unverified account through Better Auth and sends the
 * verification email. A verified or deleted account for the same address is refused, and so is a
 * pending one whose link is still live: replacing it would let a stranger swap in an account
 * whose password they know (ADR 0013). Once that link has expired nobody proved anything, and the
 * pending account is replaced. So is a live one that `startedHere`, the browser that chose its
 * password (its sign-up cookie): after Back to Sign Up its owner signs up again and waits for a
 * fresh link, while everyone else is still told the address is taken. If the email cannot be
 * sent, the account is removed again: a failed registration leaves nothing behind.
 */
export async function signUp(
  services: AccountServices,
  input: { name: string; email: string; password: string },
  startedHere: (pendingUserId: string) => boolean = () => false,
): Promise<{ userId: string; email: string; name: string; expiresAt: Date }> {
  refuseCommonPassword(input.password);
  const existing = await findUserByEmail(services.db, input.email);
  if (existing) {
    if (existing.email_verified || existing.is_deleted) {
      throw new ApiError('EMAIL_TAKEN');
    }
    const linkExpiry = await tokenExpiry(services.db, existing.id, 'verify-email');
    if (linkExpiry && linkExpiry > services.now && !startedHere(existing.id)) {
      throw new ApiError('EMAIL_TAKEN');
    }
    await services.db.deleteFrom('users').where('id', '=', existing.id).execute();
  }
  const user = await createUser(services, input);
  try {
    const expiresAt = await sendVerification(services, user, false);
    return { userId: user.id, email: user.email, name: user.name, expiresAt };
  } catch (error) {
    await services.db.deleteFrom('users').where('id', '=', user.id).execute();
    throw error;
  }
}

/**
 * Creates the user through Better Auth. Two sign-ups of one address at once both pass the check
 * above; the unique email column lets one through, and the other is told the address is taken.
 */
async function createUser(
  services: AccountServices,
  input: { name: string; email: string; password: string },
) {
  try {
    const { user } = await services.auth.api.signUpEmail({
      body: { name: input.name, email: input.email, password: input.password },
    });
    return user;
  } catch (error) {
    if (await findUserByEmail(services.db, input.email)) {
      throw new ApiError('EMAIL_TAKEN', undefined, undefined, error);
    }
    throw error;
  }
}

export interface VerificationStatus {
  verified: boolean;
  expired: boolean;
  /** Milliseconds the current link has left; 0 when verified or expired. */
  remainingTime: number;
}

/** The Check Your Email screen's poll. Expired links are cleared when read. */
export async function verificationStatus(
  services: AccountServices,
  userId: string,
): Promise<VerificationStatus> {
  const user = await findUser(services.db, userId);
  if (!user || user.is_deleted) {
    return { verified: false, expired: true, remainingTime: 0 };
  }
  if (user.email_verified) {
    await deleteTokens(services.db, userId, 'verify-email');
    return { verified: true, expired: false, remainingTime: 0 };
  }
  const expiresAt = await tokenExpiry(services.db, userId, 'verify-email');
  const remainingTime = expiresAt ? expiresAt.getTime() - services.now.getTime() : 0;
  if (remainingTime <= 0) {
    await deleteTokens(services.db, userId, 'verify-email');
    return { verified: false, expired: true, remainingTime: 0 };
  }
  return { verified: false, expired: false, remainingTime };
}

export async function resendVerification(services: AccountServices, userId: string): Promise<Date> {
  const user = await findUser(services.db, userId);
  if (!user || user.is_deleted) {
    throw new ApiError('VERIFICATION_USER_NOT_FOUND');
  }
  if (user.email_verified) {
    throw new ApiError('ALREADY_VERIFIED');
  }
  return sendVerification(services, user, true);
}

/**
 * The verification link: marks the email verified and clears the link. The caller
 * starts the session (the server signs the user in; no password is kept for it).
 */
export async function verifyEmail(services: AccountServices, userId: string, secret: string) {
  const user = await findUser(services.db, userId);
  if (!user || user.is_deleted) {
    throw new ApiError('VERIFICATION_USER_NOT_FOUND');
  }
  if (user.email_verified) {
    await deleteTokens(services.db, userId, 'verify-email');
    throw new ApiError('ALREADY_VERIFIED');
  }
  // The link signs in: not into an account an admin disabled (ADR 0039).
  refuseDisabled(user);
  if ((await consumeToken(services.db, userId, 'verify-email', secret, services.now)) !== 'valid') {
    throw new ApiError('VERIFICATION_INVALID');
  }
  const now = services.now.toISOString();
  await services.db
    .updateTable('users')
    .set({ email_verified: true, email_verified_at: now, updated_at: now })
    .where('id', '=', userId)
    .execute();
  return user;
}

/**
 * Login (docs/product/accounts.md): the password is checked first, so the deleted, disabled
 * (ADR 0039) and unverified answers are only given to someone who knows it; a wrong email or
 * password reveals nothing.
 */
export async function checkCredentials(services: AccountServices, email: string, password: string) {
  const context = await services.auth.$context;
  const user = await findUserByEmail(services.db, email);
  const account = user
    ? await services.db
        .selectFrom('accounts')
        .select('password')
        .where('user_id', '=', user.id)
        .where('provider_id', '=', 'credential')
        .executeTakeFirst()
    : undefined;
  if (!user || !account?.password) {
    // Spend the same time as a real check, so timing does not tell which addresses exist.
    await context.password.hash(password);
    throw new ApiError('INVALID_CREDENTIALS');
  }
  if (!(await context.password.verify({ hash: account.password, password }))) {
    throw new ApiError('INVALID_CREDENTIALS');
  }
  if (user.is_deleted) {
    throw new ApiError('ACCOUNT_DELETED');
  }
  refuseDisabled(user);
  if (!user.email_verified) {
    throw new ApiError('EMAIL_NOT_VERIFIED');
  }
  return user;
}

/**
 * Account deletion: soft. The user's data goes, the account is flagged deleted and every
 * session ends, in one transaction. Each feature deletes its own data on `account.deleted`
 * (auth/events.ts); restoring brings back the account, not the data. The events the features
 * asked for, and `account.deleted` itself, are emitted once it has committed.
 */
export async function softDeleteAccount(services: AccountServices, userId: string): Promise<void> {
  const now = services.now.toISOString();
  const event = { type: 'account.deleted', userId } as const;
  const followUps = await services.db.transaction().execute(async (trx) => {
    const fromFeatures = await services.events.within(trx, event);
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('account_tokens').where('user_id', '=', userId).execute();
    await trx
      .updateTable('users')
      .set({
        is_deleted: true,
        deleted_at: now,
        updated_at: now,
        bio: '',
        location: '',
        website: '',
      })
      .where('id', '=', userId)
      .execute();
    return fromFeatures;
  });
  for (const followUp of [...followUps, event]) {
    await services.events.emit(followUp);
  }
}

/** Restore by email: a deleted account gets a 1-hour restoration link. */
/** Emails a deleted account its restoration link; the account's id, for the route to bind it. */
export async function requestRestore(services: AccountServices, email: string): Promise<string> {
  const user = await findUserByEmail(services.db, email);
  if (!user) {
    throw new ApiError('RESTORE_EMAIL_NOT_FOUND');
  }
  if (!user.is_deleted) {
    throw new ApiError('ACCOUNT_NOT_DELETED');
  }
  const { secret } = await issueToken(
    services.db,
    user.id,
    'restore-account',
    RESTORE_TTL_MS,
    services.now,
  );
  const url = link(services.appUrl, '/verify-email', {
    userId: user.id,
    secret,
    isRestore: 'true',
  });
  await sendMail(services, user.email, accountRestoreEmail(url));
  return user.id;
}

/** The restoration link: the account comes back, verified; the caller signs it in. */
export async function completeRestore(services: AccountServices, userId: string, secret: string) {
  const check = await consumeToken(services.db, userId, 'restore-account', secret, services.now);
  const user = await findUser(services.db, userId);
  if (check !== 'valid' || !user) {
    throw new ApiError('RESTORE_LINK_INVALID');
  }
  if (!user.is_deleted) {
    throw new ApiError('RESTORE_NOT_ELIGIBLE');
  }
  refuseDisabled(user);
  const now = services.now.toISOString();
  await services.db
    .updateTable('users')
    .set({
      is_deleted: false,
      deleted_at: null,
      restored_at: now,
      updated_at: now,
      email_verified: true,
      email_verified_at: user.email_verified_at ?? now,
    })
    .where('id', '=', userId)
    .execute();
  return user;
}

/**
 * Verification recovery: with the right password, a verified account is signed in and
 * an unverified one gets a fresh verification email; a wrong password is one generic failure.
 */
export async function recoverVerification(
  services: AccountServices,
  email: string,
  password: string,
): Promise<{ user: UserRow; verificationSent: boolean }> {
  try {
    return { user: await checkCredentials(services, email, password), verificationSent: false };
  } catch (error) {
    if (!(error instanceof ApiError)) {
      throw error;
    }
    if (error.code === 'EMAIL_NOT_VERIFIED') {
      const user = await findUserByEmail(services.db, email);
      if (user) {
        await sendVerification(services, user, true);
        return { user, verificationSent: true };
      }
    }
    throw error.code === 'INVALID_CREDENTIALS' ? new ApiError('RECOVERY_FAILED') : error;
  }
}

/**
 * What a verification link itself proves (the debug screen); nothing more. A secret
 * that is not this user's link proves nothing, so every such link gets the same answer and the
 * screen cannot be used to learn which user ids exist or are verified.
 */
export async function debugVerificationLink(
  services: AccountServices,
  userId: string,
  secret: string,
): Promise<{ userExists: boolean; alreadyVerified: boolean; token: TokenCheck }> {
  const token = await checkToken(services.db, userId, 'verify-email', secret, services.now);
  const user = token === 'invalid' ? undefined : await findUser(services.db, userId);
  if (!user) {
    return { userExists: false, alreadyVerified: false, token: 'invalid' };
  }
  return { userExists: true, alreadyVerified: Boolean(user.email_verified), token };
}

type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;
