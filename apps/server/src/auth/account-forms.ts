import { ACCOUNT_BODY_LIMIT_BYTES, AUTH_RATE_LIMIT } from '@daywise/shared';
import type { Endpoint } from '@daywise/shared/api';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { AppInstance } from '../lib/app-instance';
import { ApiError } from '../lib/errors';
import type { RequestContext, RouteOptions } from '../lib/route';
import type { AccountServices } from './accounts';
import { createKeyedLimit, createMissLimit, emailKey, refuseWhenBlocked } from './limits';
import { fetchHeaders, forwardCookies } from './session';

/*
 * What the account routes share (routes.ts): the services a request's context gives the account
 * functions, the forms' body and rate limits (ADR 0013, 0022), the wrong-password check, and
 * starting and ending a session through Better Auth.
 */

/** What the account routes use of a request's context, whichever endpoint it is for. */
export type AccountContext = Pick<
  RequestContext<Endpoint>,
  'db' | 'now' | 'events' | 'request' | 'reply'
>;

/** Limits per client address, one bucket per route (route config; ADR 0013). */
const perAddress = {
  rateLimit: {
    max: AUTH_RATE_LIMIT.perAddress.max,
    timeWindow: AUTH_RATE_LIMIT.perAddress.windowMs,
  },
};

/** Every account form: a small body, and the per-address limit. */
export const accountForm: RouteOptions = {
  bodyLimit: ACCOUNT_BODY_LIMIT_BYTES,
  config: perAddress,
};

/**
 * Links with a secret (verification, restore, reset): wrong, used or expired ones count per
 * client address and only they are refused past the limit; a right link is always served,
 * however many wrong ones came from its address (ADR 0022). The per-address limit of the other
 * forms would count the right ones too.
 */
export const linkForm: RouteOptions = { bodyLimit: ACCOUNT_BODY_LIMIT_BYTES };

export type AccountForms = ReturnType<typeof accountForms>;

/** The app's account helpers, made once: each limit keeps its own buckets. */
export function accountForms(app: AppInstance) {
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

  const withPasswordCheck = passwordCheck(app);

  const guardVerificationMisses = createMissLimit(
    app,
    'verification-link-misses',
    AUTH_RATE_LIMIT.perAddress,
    ['VERIFICATION_INVALID', 'VERIFICATION_USER_NOT_FOUND', 'RESTORE_LINK_INVALID'],
  );
  const guardResetLinkMisses = createMissLimit(
    app,
    'reset-link-misses',
    AUTH_RATE_LIMIT.perAddress,
    ['RESET_LINK_INVALID'],
  );

  const secureCookies = app.config.appUrl.startsWith('https://');
  const cookieSecret = async () => (await app.auth.$context).secret;

  return {
    services,
    perEmail,
    withPasswordCheck,
    guardVerificationMisses,
    guardResetLinkMisses,
    secureCookies,
    cookieSecret,
    startSession: (context: AccountContext, userId: string, rememberMe: boolean) =>
      startSession(app, context, userId, rememberMe),
    endSession: (context: AccountContext) => endSession(app, context),
  };
}

/**
 * Wrong passwords per email address and client address (OWASP authentication cheat sheet):
 * only failures count and only the address that made them is stopped, so nobody elsewhere can
 * keep the owner's right password out. Sign-in and verification recovery share the bucket.
 */
function passwordCheck(app: AppInstance) {
  const loginFailures = createKeyedLimit(app, 'login-failures', AUTH_RATE_LIMIT.loginFailures);
  const failureKey = (request: FastifyRequest, email: string) => `${emailKey(email)}|${request.ip}`;
  // Attempts of this instance still being checked, per failure key: each may yet fail, so a
  // burst of parallel guesses counts them before their answers are known (ADR 0013).
  const attemptsInFlight = new Map<string, number>();
  return async <T>(
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
}

/** Starts a session through Better Auth and passes its cookie on. */
export async function startSession(
  app: AppInstance,
  { request, reply }: AccountContext,
  userId: string,
  rememberMe: boolean,
): Promise<void> {
  const response: Response = await app.auth.api.startSession({
    body: { userId, rememberMe },
    headers: fetchHeaders(request),
    asResponse: true,
  });
  if (!response.ok) {
    throw new ApiError('INTERNAL');
  }
  forwardCookies(response, reply);
}

/** Ends the request's session through Better Auth, which clears its cookie. */
export async function endSession(
  app: AppInstance,
  { request, reply }: AccountContext,
): Promise<void> {
  const response = await app.auth.api.signOut({
    headers: fetchHeaders(request),
    asResponse: true,
  });
  forwardCookies(response, reply);
}
