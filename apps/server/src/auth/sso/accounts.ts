import { LIMITS } from '@daywise/shared';

import type { Config } from '../../config';
import { ApiError } from '../../lib/errors';
import { type AccountServices, findUser, findUserByEmail } from '../accounts';
import { acceptInvitation, mayRegister } from '../registration';
import type { SsoIdentity } from './provider';

/** The provider id of a single sign-on's row in Better Auth's accounts table; its account id is `sub`. */
export const SSO_PROVIDER_ID = 'oidc';

/** Why a verified sign-in still cannot go in; each has its own text on the login page. */
export type SsoRefusal =
  | 'email-unverified'
  | 'email-missing'
  | 'deleted'
  | 'disabled'
  | 'invite-only'
  | 'registration-closed';

/** Who may make an account (REGISTRATION, ADMIN_EMAILS; ADR 0039), as an SSO sign-up is judged. */
export type RegistrationPolicy = Pick<Config, 'registration' | 'adminEmails'>;

export class SsoRefused extends Error {
  constructor(readonly refusal: SsoRefusal) {
    super(`single sign-on refused: ${refusal}`);
    this.name = 'SsoRefused';
  }
}

/** Where a verified sign-in leads: into an account, or to proving an existing account's password. */
export type SsoOutcome = { kind: 'signed-in'; userId: string } | { kind: 'link'; userId: string };

/**
 * A sign-in the provider vouched for (ADR 0038). An account connected to this `sub` goes straight
 * in. Otherwise the provider must have verified the email: an existing account with it must prove
 * its password once to be connected (the provider's word alone does not hand over an account
 * made with a password), and a new address gets a new account. A pending sign-up whose address was
 * never verified proves nothing and gives way to the verified one.
 */
export async function signInWithSso(
  services: AccountServices,
  policy: RegistrationPolicy,
  identity: SsoIdentity,
): Promise<SsoOutcome> {
  const linked = await services.db
    .selectFrom('accounts')
    .select('user_id')
    .where('provider_id', '=', SSO_PROVIDER_ID)
    .where('account_id', '=', identity.subject)
    .executeTakeFirst();
  if (linked) {
    const user = await findUser(services.db, linked.user_id);
    if (!user || user.is_deleted) {
      throw new SsoRefused('deleted');
    }
    if (user.disabled_at !== null) {
      throw new SsoRefused('disabled');
    }
    return { kind: 'signed-in', userId: user.id };
  }
  if (!identity.email) {
    throw new SsoRefused('email-missing');
  }
  if (!identity.emailVerified) {
    throw new SsoRefused('email-unverified');
  }
  const existing = await findUserByEmail(services.db, identity.email);
  if (existing?.is_deleted) {
    throw new SsoRefused('deleted');
  }
  if (existing && existing.disabled_at !== null) {
    throw new SsoRefused('disabled');
  }
  if (existing?.email_verified) {
    return { kind: 'link', userId: existing.id };
  }
  if (existing) {
    await services.db.deleteFrom('users').where('id', '=', existing.id).execute();
  }
  const userId = await createAccountFromSso(services, policy, {
    ...identity,
    email: identity.email,
  });
  return userId ? { kind: 'signed-in', userId } : signInWithSso(services, policy, identity);
}

/**
 * The one place an account is made from a single sign-on: verified from the provider's word, named
 * by it (or by the address when it gives no name), connected to its `sub`, if REGISTRATION lets
 * the address join (`mayRegister`: under `invite` only the emailed link makes an account, which a
 * sign-on cannot carry; under `closed` an invited address may). Undefined when another request
 * made an account with this address meanwhile (the unique email column let only one in).
 */
export async function createAccountFromSso(
  services: AccountServices,
  policy: RegistrationPolicy,
  identity: SsoIdentity & { email: string },
): Promise<string | undefined> {
  let invitationId: string | undefined;
  try {
    ({ invitationId } = await mayRegister(
      services.db,
      policy,
      identity.email,
      undefined,
      services.now,
    ));
  } catch (error) {
    if (error instanceof ApiError && error.code === 'REGISTRATION_CLOSED') {
      throw new SsoRefused(
        policy.registration === 'invite' ? 'invite-only' : 'registration-closed',
      );
    }
    throw error;
  }
  const context = await services.auth.$context;
  const name = (identity.name || identity.email.split('@')[0] || identity.email).slice(
    0,
    LIMITS.nameMax,
  );
  let userId: string;
  try {
    const { user } = await context.internalAdapter.createOAuthUser(
      { email: identity.email, name, emailVerified: true },
      { providerId: SSO_PROVIDER_ID, accountId: identity.subject },
    );
    userId = user.id;
  } catch (error) {
    if (await findUserByEmail(services.db, identity.email)) {
      return undefined;
    }
    throw error;
  }
  await services.db
    .updateTable('users')
    .set({ email_verified_at: services.now.toISOString() })
    .where('id', '=', userId)
    .execute();
  await acceptInvitation(services.db, invitationId, services.now);
  return userId;
}

/** Connects the provider's `sub` to an account: its later sign-ins go straight in. */
export async function connectSso(
  services: AccountServices,
  userId: string,
  subject: string,
): Promise<void> {
  const context = await services.auth.$context;
  await context.internalAdapter.createAccount({
    userId,
    providerId: SSO_PROVIDER_ID,
    accountId: subject,
  });
}
