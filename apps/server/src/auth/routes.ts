import { AUTH_RATE_LIMIT, MESSAGES } from '@daywise/shared';
import { accountApi } from '@daywise/shared/api';

import type { AppInstance } from '../lib/app-instance';
import { route } from '../lib/route';
import { accountForm, type AccountForms, accountForms, linkForm } from './account-forms';
import {
  checkCredentials,
  completeRestore,
  debugVerificationLink,
  findUser,
  recoverVerification,
  requestRestore,
  resendVerification,
  signUp,
  softDeleteAccount,
  verificationStatus,
  verifyEmail,
} from './accounts';
import { isAdmin } from './admins';
import { checkResetLink, requestPasswordReset, resetPassword } from './password-reset';
import { endableSession } from './policy';
import { acceptInvitation, mayRegister } from './registration';
import { readSession } from './session';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions';
import { presentUser } from './signed-in-user';
import { clearLinkBinding, hasLinkBinding, setLinkBinding } from './signup-binding';
import { refuseUnlessPasswordAllowed, ssoRoutes } from './sso/routes';

export function accountRoutes(app: AppInstance): void {
  const forms = accountForms(app);
  signUpRoutes(app, forms);
  passwordResetRoutes(app, forms);
  recoveryRoutes(app, forms);
  sessionRoutes(app, forms);
  ssoRoutes(app, forms);
  route(app, accountApi.remove, async (context) => {
    await softDeleteAccount(forms.services(context), context.user.id);
    await forms.endSession(context);
    return { ok: true as const };
  });
}

/** Signing up and proving the address: the form, the wait for the link, and the link. */
function signUpRoutes(
  app: AppInstance,
  {
    services,
    perEmail,
    cookieSecret,
    secureCookies,
    guardVerificationMisses,
    startSession,
  }: AccountForms,
): void {
  route(
    app,
    accountApi.signUp,
    async (context) => {
      refuseUnlessPasswordAllowed(app.config, context.body.email);
      const secret = await cookieSecret();
      // This browser chose the pending account's password: it may sign up again (ADR 0013).
      const startedHere = (pendingId: string) =>
        hasLinkBinding(context.request, secret, 'signup', pendingId);
      // Who may join (REGISTRATION, ADR 0039): the one rule, before anything is made.
      const { invitationId } = await mayRegister(
        context.db,
        app.config,
        context.body.email,
        context.body.invitation,
        context.now,
      );
      const { userId, email, name, expiresAt } = await signUp(
        services(context),
        context.body,
        startedHere,
      );
      await acceptInvitation(context.db, invitationId, context.now);
      setLinkBinding(context.reply, secret, 'signup', userId, secureCookies);
      return { userId, email, name, expiresAt: expiresAt.toISOString() };
    },
    perEmail('sign-up'),
  );

  route(
    app,
    accountApi.verificationStatus,
    (context) => verificationStatus(services(context), context.query.userId),
    {
      config: {
        rateLimit: {
          max: AUTH_RATE_LIMIT.statusPoll.max,
          timeWindow: AUTH_RATE_LIMIT.statusPoll.windowMs,
        },
      },
    },
  );

  route(
    app,
    accountApi.resendVerification,
    async (context) => {
      const expiresAt = await resendVerification(services(context), context.body.userId);
      return { expiresAt: expiresAt.toISOString(), message: MESSAGES.verificationResent };
    },
    accountForm,
  );

  route(
    app,
    accountApi.verifyEmail,
    async (context) => {
      const { userId, secret, isRestore } = context.body;
      if (isRestore) {
        const user = await guardVerificationMisses(context.request, context.reply, () =>
          completeRestore(services(context), userId, secret),
        );
        // Like a verification link, it signs in only where it was asked for (ADR 0013).
        if (!hasLinkBinding(context.request, await cookieSecret(), 'restore', user.id)) {
          return {
            verified: true,
            restored: true,
            signedIn: false,
            message: MESSAGES.restoreSuccess,
          };
        }
        clearLinkBinding(context.reply, 'restore', secureCookies);
        // A link proves the address, not the person: the session ends with the browser.
        await startSession(context, user.id, false);
        return {
          verified: true,
          restored: true,
          signedIn: true,
          message: MESSAGES.restoreSignedIn,
          user: presentUser(user),
        };
      }
      const user = await guardVerificationMisses(context.request, context.reply, () =>
        verifyEmail(services(context), userId, secret),
      );
      // Only where the password was chosen does the link sign in (ADR 0013).
      if (!hasLinkBinding(context.request, await cookieSecret(), 'signup', user.id)) {
        return {
          verified: true,
          restored: false,
          signedIn: false,
          message: MESSAGES.verifiedLogIn,
        };
      }
      clearLinkBinding(context.reply, 'signup', secureCookies);
      await startSession(context, user.id, false);
      return { verified: true, restored: false, signedIn: true, user: presentUser(user) };
    },
    linkForm,
  );
}

/** A forgotten password: the email, the link checked, the new password. */
function passwordResetRoutes(
  app: AppInstance,
  { services, perEmail, guardResetLinkMisses }: AccountForms,
): void {
  route(
    app,
    accountApi.forgotPassword,
    async (context) => {
      await requestPasswordReset(services(context), context.body.email);
      return { message: MESSAGES.resetEmailSent };
    },
    perEmail('forgot-password'),
  );

  route(
    app,
    accountApi.checkResetLink,
    async (context) => {
      const { userId, secret } = context.body;
      await guardResetLinkMisses(context.request, context.reply, () =>
        checkResetLink(services(context), userId, secret),
      );
      return { valid: true, message: MESSAGES.resetTokenVerified };
    },
    linkForm,
  );

  route(
    app,
    accountApi.resetPassword,
    async (context) => {
      const { userId, secret, password } = context.body;
      const reset = guardResetLinkMisses(context.request, context.reply, () =>
        resetPassword(services(context), userId, secret, password),
      );
      await context.events.after(reset, () => [{ type: 'sessions.ended', userId }]);
      return { message: MESSAGES.resetSuccess };
    },
    linkForm,
  );
}

/** Getting back in: a deleted account restored, a lost verification email sent again. */
function recoveryRoutes(
  app: AppInstance,
  {
    services,
    perEmail,
    withPasswordCheck,
    cookieSecret,
    secureCookies,
    startSession,
  }: AccountForms,
): void {
  route(
    app,
    accountApi.restore,
    async (context) => {
      const userId = await requestRestore(services(context), context.body.email);
      setLinkBinding(context.reply, await cookieSecret(), 'restore', userId, secureCookies);
      return { status: 'email-sent' as const, message: MESSAGES.restoreEmailSent };
    },
    perEmail('restore'),
  );

  route(
    app,
    accountApi.verificationRecovery,
    async (context) => {
      const { email, password } = context.body;
      const { user, verificationSent } = await withPasswordCheck(context, email, () =>
        recoverVerification(services(context), email, password),
      );
      if (verificationSent) {
        setLinkBinding(context.reply, await cookieSecret(), 'signup', user.id, secureCookies);
        return {
          status: 'verification-sent' as const,
          message: MESSAGES.recoveryEmailSent,
          user: presentUser(user),
        };
      }
      await startSession(context, user.id, false);
      return { status: 'signed-in' as const, user: presentUser(user) };
    },
    accountForm,
  );

  // A POST, so the secret travels in the body and never in a logged URL (ADR 0013).
  route(
    app,
    accountApi.debugVerification,
    (context) => debugVerificationLink(services(context), context.body.userId, context.body.secret),
    accountForm,
  );
}

/** Signing in and out, the session the web app starts from, and the user's other sessions. */
function sessionRoutes(
  app: AppInstance,
  { services, withPasswordCheck, startSession, endSession }: AccountForms,
): void {
  route(
    app,
    accountApi.login,
    async (context) => {
      const { email, password, rememberMe } = context.body;
      refuseUnlessPasswordAllowed(app.config, email);
      const user = await withPasswordCheck(context, email, () =>
        checkCredentials(services(context), email, password),
      );
      await startSession(context, user.id, rememberMe);
      return { user: presentUser(user) };
    },
    accountForm,
  );

  route(app, accountApi.logout, async (context) => {
    const ending = await readSession(app, context.request);
    await endSession(context);
    if (ending) {
      await context.events.emit({
        type: 'sessions.ended',
        userId: ending.user.id,
        sessionId: ending.session.id,
      });
    }
    return { ok: true as const };
  });

  /**
   * The auth state the web app starts from. A session whose account was deleted meanwhile is
   * ended here, and `reason` tells the page which forced-logout message to show.
   */
  route(app, accountApi.session, async (context) => {
    const session = await readSession(app, context.request);
    if (!session) {
      return { user: null };
    }
    const user = await findUser(context.db, session.user.id);
    if (!user || user.is_deleted) {
      await endSession(context);
      return { user: null, reason: user ? ('deleted' as const) : ('not-found' as const) };
    }
    const admin = await isAdmin(context.db, app.config, user);
    return { user: presentUser(user), ...(admin ? { admin } : {}) };
  });

  route(app, accountApi.sessions, async ({ db, user, sessionId, now }) => ({
    sessions: await listSessions(db, user.id, sessionId, now),
  }));

  route(app, accountApi.endSession, async ({ db, user, sessionId, params, events }) => {
    await endableSession(db, user.id, sessionId, params.id);
    await events.after(revokeSession(db, user.id, params.id), () => [
      { type: 'sessions.ended', userId: user.id, sessionId: params.id },
    ]);
    return { ok: true as const };
  });

  route(app, accountApi.endOtherSessions, async ({ db, user, sessionId, events }) => {
    await events.after(revokeOtherSessions(db, user.id, sessionId), () => [
      { type: 'sessions.ended', userId: user.id, exceptSessionId: sessionId },
    ]);
    return { ok: true as const };
  });
}
