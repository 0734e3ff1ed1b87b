import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@daywise/shared';
import { betterAuth } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import type { Logger } from 'pino';
import { z } from 'zod';

import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import { newId } from '../lib/ids';
import { CLIENT_IP_HEADER } from './session';

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

/** Sessions last 30 days with "remember me", refreshed once a day of use. */
const SESSION_TTL_S = 30 * 24 * 60 * 60;

/**
 * Starts a session for a user the server has already vouched for (right password, valid emailed
 * link), through Better Auth's own session store and signed cookie. Server-only: Better Auth's
 * HTTP handler is not mounted (ADR 0007), so only our routes can call it.
 */
const startSession = createAuthEndpoint(
  '/daywise/start-session',
  {
    method: 'POST',
    body: z.object({ userId: z.string(), rememberMe: z.boolean() }),
    metadata: { SERVER_ONLY: true },
  },
  async (ctx) => {
    const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
    if (!user) {
      throw new APIError('NOT_FOUND');
    }
    const dontRememberMe = !ctx.body.rememberMe;
    const session = await ctx.context.internalAdapter.createSession(user.id, dontRememberMe);
    await setSessionCookie(ctx, { session, user }, dontRememberMe);
    return ctx.json({ userId: user.id });
  },
);

/**
 * Better Auth as a library: it hashes passwords (scrypt), creates users and their
 * credential accounts, and owns sessions and their signed HttpOnly cookies. Our routes in
 * auth/routes.ts add our account flows and rules around it (docs/product/accounts.md).
 */
export function createAuth(
  config: Config,
  database: DatabaseHandle,
  secret: string,
  logger: Logger,
) {
  return betterAuth({
    appName: 'Daywise',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret,
    database: { db: database.authDb, type: database.engine },
    telemetry: { enabled: false },
    // Its messages go through our JSON logs, one line each, rather than coloured text on stdout.
    logger: {
      disableColors: true,
      level: 'warn',
      log: (level, message, ...args: unknown[]) => {
        const err = args.find((arg) => arg instanceof Error);
        const details = args.filter((arg) => arg !== err);
        logger[level](
          {
            source: 'better-auth',
            ...(err ? { err } : {}),
            ...(details.length ? { details } : {}),
          },
          message,
        );
      },
    },
    trustedOrigins: [config.appUrl],
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
    },
    // Our routes carry the rate limits (in Redis when configured); Better Auth's would be per process.
    rateLimit: { enabled: false },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', ...timestamps },
    },
    session: {
      modelName: 'sessions',
      expiresIn: SESSION_TTL_S,
      updateAge: 24 * 60 * 60,
      fields: {
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        userId: 'user_id',
        ...timestamps,
      },
    },
    account: {
      modelName: 'accounts',
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...timestamps,
      },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', ...timestamps },
    },
    advanced: {
      cookiePrefix: 'daywise',
      useSecureCookies: config.appUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      database: { generateId: () => newId() },
      // The session's address is what fetchHeaders puts here: request.ip, never a client header.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: 128 },
    },
    plugins: [{ id: 'daywise', endpoints: { startSession } }],
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
}

export type Auth = ReturnType<typeof createAuth>;
