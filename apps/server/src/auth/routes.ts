import { ACCOUNT_BODY_LIMIT_BYTES, AUTH_RATE_LIMIT, MESSAGES } from '@daywise/shared';
import {
  emailOnlySchema,
  linkTokenSchema,
  loginSchema,
  recoverySchema,
  resetPasswordRequestSchema,
  signUpSchema,
} from '@daywise/shared/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AppInstance } from '../app';
import { ApiError } from '../lib/errors';
import {
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
import { createKeyedLimit, emailKey, refuseWhenBlocked } from './limits';
import { fetchHeaders, forwardCookies, readSession, requireSession } from './session';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions';
import { clearSignUpBinding, hasSignUpBinding, setSignUpBinding } from './signup-binding';

const userIdSchema = z.object({ userId: z.string().min(1).max(100) });
const publicUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
});

/** The signed-in user as every account answer gives it (the web app stores it as the session). */
function presentUser(user: { id: string; name: string; email: string; created_at: string }) {
  return { id: user.id, name: user.name, email: user.email, createdAt: user.created_at };
}

/** Limits per client address, one bucket per route (route config; ADR 0013). */
const perAddress = {
  rateLimit: {
    max: AUTH_RATE_LIMIT.perAddress.max,
    timeWindow: AUTH_RATE_LIMIT.perAddress.windowMs,
  },
};

export function accountRoutes(app: AppInstance): void {
  const recipientLimits = AUTH_RATE_LIMIT.emailsPerRecipient.map((options, index) =>
    createKeyedLimit(app, `email-recipient-${index}`, options),
  );
  const services = (request: FastifyRequest, reply: FastifyReply) => ({
    db: app.database.db,
    auth: app.auth,
    mailer: app.mailer,
    appUrl: app.config.appUrl,
    now: app.now,
    events: app.events,
    checkEmailQuota: async (to: string) => {
      for (const limit of recipientLimits) {
        refuseWhenBlocked(await limit.hit(request, emailKey(to)), reply);
      }
    },
  });

  /**
   * A per-email bucket for one route, counting every request (ADR 0013): each route has its own,
   * so requests to one never block another, and sign-in is not among them.
   */
  const perEmail = (route: string) => {
    const limit = createKeyedLimit(app, `email:${route}`, AUTH_RATE_LIMIT.perEmail);
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      refuseWhenBlocked(await limit.hit(request, emailKey(email)), reply);
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
    request: FastifyRequest,
    reply: FastifyReply,
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
    userId: string,
    rememberMe: boolean,
    request: FastifyRequest,
  ): Promise<Response> => {
    const response: Response = await app.auth.api.startSession({
      body: { userId, rememberMe },
      headers: fetchHeaders(request),
      asResponse: true,
    });
    if (!response.ok) {
      throw new ApiError('INTERNAL');
    }
    return response;
  };

  app.post(
    '/api/account/sign-up',
    {
      schema: { body: signUpSchema },
      bodyLimit: ACCOUNT_BODY_LIMIT_BYTES,
      config: perAddress,
      preHandler: perEmail('sign-up'),
    },
    async (request, reply) => {
      const { userId, email, name, expiresAt } = await signUp(
        services(request, reply),
        request.body,
      );
      setSignUpBinding(reply, await cookieSecret(), userId, secureCookies);
      return reply.status(201).send({ userId, email, name, expiresAt: expiresAt.toISOString() });
    },
  );

  app.get(
    '/api/account/verification-status',
    {
      schema: { querystring: userIdSchema },
      config: {
        rateLimit: {
          max: AUTH_RATE_LIMIT.statusPoll.max,
          timeWindow: AUTH_RATE_LIMIT.statusPoll.windowMs,
        },
      },
    },
    async (request, reply) => verificationStatus(services(request, reply), request.query.userId),
  );

  app.post(
    '/api/account/resend-verification',
    { schema: { body: userIdSchema }, bodyLimit: ACCOUNT_BODY_LIMIT_BYTES, config: perAddress },
    async (request, reply) => {
      const expiresAt = await resendVerification(services(request, reply), request.body.userId);
      return { expiresAt: expiresAt.toISOString(), message: MESSAGES.verificationResent };
    },
  );

  app.post(
    '/api/account/verify-email',
    {
      schema: { body: linkTokenSchema.extend({ isRestore: z.boolean().default(false) }) },
      bodyLimit: ACCOUNT_BODY_LIMIT_BYTES,
      config: perAddress,
    },
    async (request, reply) => {
      const { userId, secret, isRestore } = request.body;
      if (isRestore) {
        const user = await completeRestore(services(request, reply), userId, secret);
        // A link proves the address, not the person: the session ends with the browser.
        forwardCookies(await startSession(user.id, false, request), reply);
        return {
          verified: true,
          restored: true,
          signedIn: true,
          message: MESSAGES.restoreSuccess,
          user: presentUser(user),
        };
      }
      const user = await verifyEmail(services(request, reply), userId, secret);
      // Only where the password was chosen does the link sign in (ADR 0013).
      if (!hasSignUpBinding(request, await cookieSecret(), user.id)) {
        return {
          verified: true,
          restored: false,
          signedIn: false,
          message: MESSAGES.verifiedLogIn,
        };
      }
      clearSignUpBinding(reply, secureCookies);
      forwardCookies(await startSession(user.id, false, request), reply);
      return { verified: true, restored: false, signedIn: true, user: presentUser(user) };
    },
  );

  app.post(
    '/api/account/forgot-password',
    {
      schema: { body: emailOnlySchema },
      bodyLimit: ACCOUNT_BODY_LIMIT_BYTES,
      config: perAddress,
      preHandler: perEmail('forgot-password'),
    },
    async (request, reply) => {
      await requestPasswordReset(services(request, reply), request.body.email);
      return { message: MESSAGES.resetEmailSent };
    },
  );

  app.post(
    '/api/account/reset-password/check',
    { schema: { body: linkTokenSchema }, bodyLimit: ACCOUNT_BODY_LIMIT_BYTES, config: perAddress },
    async (request, reply) => {
      await checkResetLink(services(request, reply), request.body.userId, request.body.secret);
      return { valid: true, message: MESSAGES.resetTokenVerified };
    },
  );

  app.post(
    '/api/account/reset-password',
    {
      schema: { body: resetPasswordRequestSchema },
      bodyLimit: ACCOUNT_BODY_LIMIT_BYTES,
      config: perAddress,
    },
    async (request, reply) => {
      const { userId, secret, password } = request.body;
      await resetPassword(services(request, reply), userId, secret, password);
      app.realtime.endSessions({ userId });
      return { message: MESSAGES.resetSuccess };
    },
  );

  app.post(
    '/api/account/restore',
    {
      schema: { body: emailOnlySchema },
      bodyLimit: ACCOUNT_BODY_LIMIT_BYTES,
      config: perAddress,
      preHandler: perEmail('restore'),
    },
    async (request, reply) => {
      await requestRestore(services(request, reply), request.body.email);
      return { status: 'email-sent' as const, message: MESSAGES.restoreEmailSent };
    },
  );

  app.post(
    '/api/account/verification-recovery',
    {
      schema: { body: recoverySchema },
      bodyLimit: ACCOUNT_BODY_LIMIT_BYTES,
      config: perAddress,
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const { user, verificationSent } = await withPasswordCheck(request, reply, email, () =>
        recoverVerification(services(request, reply), email, password),
      );
      const publicFields = presentUser(user);
      if (verificationSent) {
        setSignUpBinding(reply, await cookieSecret(), user.id, secureCookies);
        return {
          status: 'verification-sent' as const,
          message: MESSAGES.recoveryEmailSent,
          user: publicFields,
        };
      }
      forwardCookies(await startSession(user.id, false, request), reply);
      return { status: 'signed-in' as const, user: publicFields };
    },
  );

  // A POST, so the secret travels in the body and never in a logged URL (ADR 0013).
  app.post(
    '/api/account/debug-verification',
    { schema: { body: linkTokenSchema }, bodyLimit: ACCOUNT_BODY_LIMIT_BYTES, config: perAddress },
    async (request, reply) =>
      debugVerificationLink(services(request, reply), request.body.userId, request.body.secret),
  );

  app.post(
    '/api/account/login',
    {
      schema: { body: loginSchema, response: { 200: z.object({ user: publicUser }) } },
      bodyLimit: ACCOUNT_BODY_LIMIT_BYTES,
      config: perAddress,
    },
    async (request, reply) => {
      const { email, password, rememberMe } = request.body;
      const user = await withPasswordCheck(request, reply, email, () =>
        checkCredentials(services(request, reply), email, password),
      );
      forwardCookies(await startSession(user.id, rememberMe, request), reply);
      return { user: presentUser(user) };
    },
  );

  app.post('/api/account/logout', async (request, reply) => {
    const ending = await readSession(app.auth, request);
    const response = await app.auth.api.signOut({
      headers: fetchHeaders(request),
      asResponse: true,
    });
    forwardCookies(response, reply);
    if (ending) {
      app.realtime.endSessions({ userId: ending.user.id, sessionId: ending.session.id });
    }
    return { ok: true };
  });

  /**
   * The auth state the web app starts from. A session whose account was deleted meanwhile is
   * ended here, and `reason` tells the page which forced-logout message to show.
   */
  app.get('/api/account/session', async (request, reply) => {
    const session = await readSession(app.auth, request);
    if (!session) {
      return { user: null };
    }
    const user = await findUser(app.database.db, session.user.id);
    if (!user || user.is_deleted) {
      const response = await app.auth.api.signOut({
        headers: fetchHeaders(request),
        asResponse: true,
      });
      forwardCookies(response, reply);
      return { user: null, reason: user ? 'deleted' : 'not-found' };
    }
    return {
      user: { id: user.id, name: user.name, email: user.email, createdAt: user.created_at },
    };
  });

  app.get('/api/account/sessions', async (request) => {
    const { user, session } = await requireSession(app.auth, request);
    return { sessions: await listSessions(app.database.db, user.id, session.id, app.now()) };
  });

  app.delete(
    '/api/account/sessions/:id',
    { schema: { params: z.object({ id: z.string().min(1).max(100) }) } },
    async (request) => {
      const { user, session } = await requireSession(app.auth, request);
      if (request.params.id === session.id) {
        throw new ApiError('VALIDATION_FAILED', 'Use Sign out to end this session.');
      }
      // Another user's session id answers exactly like one that does not exist.
      if (!(await revokeSession(app.database.db, user.id, request.params.id))) {
        throw new ApiError('NOT_FOUND');
      }
      app.realtime.endSessions({ userId: user.id, sessionId: request.params.id });
      return { ok: true };
    },
  );

  app.delete('/api/account/sessions', async (request) => {
    const { user, session } = await requireSession(app.auth, request);
    await revokeOtherSessions(app.database.db, user.id, session.id);
    app.realtime.endSessions({ userId: user.id, exceptSessionId: session.id });
    return { ok: true };
  });

  app.delete('/api/account', async (request, reply) => {
    const { user } = await requireSession(app.auth, request);
    await softDeleteAccount(services(request, reply), user.id);
    const response = await app.auth.api.signOut({
      headers: fetchHeaders(request),
      asResponse: true,
    });
    forwardCookies(response, reply);
    return { ok: true };
  });
}
