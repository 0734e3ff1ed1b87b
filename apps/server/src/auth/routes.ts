import { ACCOUNT_BODY_LIMIT_BYTES, AUTH_RATE_LIMIT, MESSAGES } from '@daywise/shared';
import { accountApi, type Endpoint } from '@daywise/shared/api';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { AppInstance } from '../lib/app-instance';
import { ApiError } from '../lib/errors';
import { type RequestContext, route, type RouteOptions } from '../lib/route';
import {
  type AccountServices,
  checkCredentials,
  checkResetLink,
  completeRestore,
  debugVerificationLink,
  findUser,
  recoverVerification,
  requestPasswordReset,
  requestRestore,
  resendVerification,
  resetPassword,
  signUp,
  softDeleteAccount,
  verificationStatus,
  verifyEmail,
} from './accounts';
import { createKeyedLimit, createMissLimit, emailKey, refuseWhenBlocked } from './limits';
import { endableSession } from './policy';
import { fetchHeaders, forwardCookies, readSession } from './session';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions';
import { presentUser } from './signed-in-user';
import { clearSignUpBinding, hasSignUpBinding, setSignUpBinding } from './signup-binding';

/** What the account routes use of a request's context, whichever endpoint it is for. */
type AccountContext = Pick<RequestContext<Endpoint>, 'db' | 'now' | 'events' | 'request' | 'reply'>;

/** Limits per client address, one bucket per route (route config; ADR 0013). */
const perAddress = {
  rateLimit: {
    max: AUTH_RATE_LIMIT.perAddress.max,
    timeWindow: AUTH_RATE_LIMIT.perAddress.windowMs,
  },
};

/** Every account form: a small body, and the per-address limit. */
const accountForm: RouteOptions = { bodyLimit: ACCOUNT_BODY_LIMIT_BYTES, config: perAddress };

export function accountRoutes(app: AppInstance): void {
  const recipientLimits = AUTH_RATE_LIMIT.emailsPerRecipient.map((options, index) =>
    createKeyedLimit(app, `email-recipient-${index}`, options),
  );
  const services = ({ db, now, events, request, reply }: AccountContext): AccountServices => ({
    db,
    auth: app.auth,
    mailer: app.mailer,
    appUrl: app.config.appUrl,
    now,
    events,
    checkEmailQuota: async (to: string) => {
      for (const limit of recipientLimits) {
        refuseWhenBlocked(await limit.hit(request, emailKey(to)), reply);
      }
    },
  });

  /**
   * An account form with a per-email bucket of its own, counting every request (ADR 0013): each
   * route has its own, so requests to one never block another, and sign-in is not among them.
   */
  const perEmail = (name: string): RouteOptions => {
    const limit = createKeyedLimit(app, `email:${name}`, AUTH_RATE_LIMIT.perEmail);
    return {
      ...accountForm,
      preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        refuseWhenBlocked(await limit.hit(request, emailKey(email)), reply);
      },
    };
  };

  /**
   * Wrong passwords per email address and client address (OWASP authentication cheat sheet):
   * only failures count and only the address that made them is stopped, so nobody elsewhere can
   * keep the owner's right password out. Sign-in and verification recovery share the bucket.
   */
  const loginFailures = createKeyedLimit(app, 'login-failures', AUTH_RATE_LIMIT.loginFailures);
  const failureKey = (request: FastifyRequest, email: string) => `${emailKey(email)}|${request.ip}`;
  // Attempts of this instance still being checked, per failure key: each may yet fail, so a
  // burst of parallel guesses counts them before their answers are known (ADR 0013).
  const attemptsInFlight = new Map<string, number>();
  const withPasswordCheck = async <T>(
    { request, reply }: AccountContext,
    email: string,
    attempt: () => Promise<T>,
  ): Promise<T> => {
    const key = failureKey(request, email);
    const state = await loginFailures.isBlocked(request, key);
    const inFlight = attemptsInFlight.get(key) ?? 0;
    refuseWhenBlocked(
      inFlight >= state.remaining
        ? { ...state, blocked: true, retryAfterSeconds: Math.max(1, state.retryAfterSeconds) }
        : state,
      reply,
    );
    attemptsInFlight.set(key, inFlight + 1);
    try {
      return await attempt();
    } catch (error) {
      if (
        error instanceof ApiError &&
        (error.code === 'INVALID_CREDENTIALS' || error.code === 'RECOVERY_FAILED')
      ) {
        await loginFailures.hit(request, key);
      }
      throw error;
    } finally {
      const left = (attemptsInFlight.get(key) ?? 1) - 1;
      if (left > 0) {
        attemptsInFlight.set(key, left);
      } else {
        attemptsInFlight.delete(key);
      }
    }
  };

  const secureCookies = app.config.appUrl.startsWith('https://');
  const cookieSecret = async () => (await app.auth.$context).secret;

  /** Starts a session through Better Auth and passes its cookie on. */
  const startSession = async (
    { request, reply }: AccountContext,
    userId: string,
    rememberMe: boolean,
  ): Promise<void> => {
    const response: Response = await app.auth.api.startSession({
      body: { userId, rememberMe },
      headers: fetchHeaders(request),
      asResponse: true,
    });
    if (!response.ok) {
      throw new ApiError('INTERNAL');
    }
    forwardCookies(response, reply);
  };

  /** Ends the request's session through Better Auth, which clears its cookie. */
  const endSession = async ({ request, reply }: AccountContext): Promise<void> => {
    const response = await app.auth.api.signOut({
      headers: fetchHeaders(request),
      asResponse: true,
    });
    forwardCookies(response, reply);
  };

  route(
    app,
    accountApi.signUp,
    async (context) => {
      const { userId, email, name, expiresAt } = await signUp(services(context), context.body);
      setSignUpBinding(context.reply, await cookieSecret(), userId, secureCookies);
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

  /**
   * Links with a secret (verification, restore, reset): wrong, used or expired ones count per
   * client address and only they are refused past the limit; a right link is always served,
   * however many wrong ones came from its address (ADR 0022). The per-address limit of the other
   * forms would count the right ones too.
   */
  const linkForm: RouteOptions = { bodyLimit: ACCOUNT_BODY_LIMIT_BYTES };
  const guardVerificationMisses = createMissLimit(
    app,
    'verification-link-misses',
    AUTH_RATE_LIMIT.perAddress,
    ['VERIFICATION_INVALID', 'VERIFICATION_USER_NOT_FOUND', 'RESTORE_LINK_INVALID'],
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
        // A link proves the address, not the person: the session ends with the browser.
        await startSession(context, user.id, false);
        return {
          verified: true,
          restored: true,
          signedIn: true,
          message: MESSAGES.restoreSuccess,
          user: presentUser(user),
        };
      }
      const user = await guardVerificationMisses(context.request, context.reply, () =>
        verifyEmail(services(context), userId, secret),
      );
      // Only where the password was chosen does the link sign in (ADR 0013).
      if (!hasSignUpBinding(context.request, await cookieSecret(), user.id)) {
        return {
          verified: true,
          restored: false,
          signedIn: false,
          message: MESSAGES.verifiedLogIn,
        };
      }
      clearSignUpBinding(context.reply, secureCookies);
      await startSession(context, user.id, false);
      return { verified: true, restored: false, signedIn: true, user: presentUser(user) };
    },
    linkForm,
  );

  route(
    app,
    accountApi.forgotPassword,
    async (context) => {
      await requestPasswordReset(services(context), context.body.email);
      return { message: MESSAGES.resetEmailSent };
    },
    perEmail('forgot-password'),
  );

  const guardResetLinkMisses = createMissLimit(
    app,
    'reset-link-misses',
    AUTH_RATE_LIMIT.perAddress,
    ['RESET_LINK_INVALID'],
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

  route(
    app,
    accountApi.restore,
    async (context) => {
      await requestRestore(services(context), context.body.email);
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
        setSignUpBinding(context.reply, await cookieSecret(), user.id, secureCookies);
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

  route(
    app,
    accountApi.login,
    async (context) => {
      const { email, password, rememberMe } = context.body;
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
    return { user: presentUser(user) };
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

  route(app, accountApi.remove, async (context) => {
    await softDeleteAccount(services(context), context.user.id);
    await endSession(context);
    return { ok: true as const };
  });
}
