import { AUTH_RATE_LIMIT } from '@daywise/shared';
import { accountApi } from '@daywise/shared/api';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Config } from '../../config';
import type { AppInstance } from '../../lib/app-instance';
import { ApiError } from '../../lib/errors';
import { route } from '../../lib/route';
import { type AccountContext, accountForm, type AccountForms } from '../account-forms';
import { checkCredentials, findUser } from '../accounts';
import { isAdminEmail } from '../admins';
import { presentUser } from '../signed-in-user';
import { connectSso, signInWithSso, SsoRefused } from './accounts';
import { clearSsoCookie, FLOW_COOKIE, LINK_COOKIE, readSsoCookie, setSsoCookie } from './cookies';
import { createSsoProvider, type SsoChecks, SsoError, type SsoProvider } from './provider';

/** The browser's steps of a single sign-on (ADR 0038): pages, not API calls, so not in the contract. */
export const SSO_START_PATH = '/sso/start';
export const SSO_CALLBACK_PATH = '/sso/callback';
/** The web app's page asking an existing account's password before connecting it. */
const LINK_PAGE = '/sso/link';

/** How this instance signs people in, as the login and sign-up pages show it. */
export function signInOptions(config: Config) {
  return {
    sso: config.oidc ? { label: config.oidc.buttonLabel } : null,
    passwordForAdminsOnly: config.oidcOnly,
  };
}

/** With OIDC_ONLY, the password forms are for the administrators' addresses alone (403 SSO_ONLY). */
export function refuseUnlessPasswordAllowed(config: Config, email: string): void {
  if (config.oidcOnly && !isAdminEmail(config, email)) {
    throw new ApiError('SSO_ONLY');
  }
}

/** Single sign-on's routes: the browser's start and return, and connecting an existing account. */
export function ssoRoutes(app: AppInstance, forms: AccountForms): void {
  route(app, accountApi.signInOptions, () => signInOptions(app.config));
  linkRoutes(app, forms);
  if (app.config.oidc) {
    flowRoutes(
      app,
      forms,
      createSsoProvider(app.config.oidc, `${app.config.appUrl}${SSO_CALLBACK_PATH}`),
    );
  }
}

/** Where a failed sign-in lands: the login page, which says why. */
const failedAt = (reason: string) => `/login?sso=${reason}`;

function contextOf(app: AppInstance, request: FastifyRequest, reply: FastifyReply): AccountContext {
  return { db: app.database.db, now: app.now(), events: app.events, request, reply };
}

function isChecks(value: unknown): value is SsoChecks {
  const checks = value as Partial<SsoChecks> | undefined;
  return (
    typeof checks?.state === 'string' &&
    typeof checks.nonce === 'string' &&
    typeof checks.codeVerifier === 'string'
  );
}

function flowRoutes(app: AppInstance, forms: AccountForms, provider: SsoProvider): void {
  const perAddress = {
    config: {
      rateLimit: {
        max: AUTH_RATE_LIMIT.perAddress.max,
        timeWindow: AUTH_RATE_LIMIT.perAddress.windowMs,
      },
    },
  };

  app.get(SSO_START_PATH, perAddress, async (request, reply) => {
    try {
      const { url, checks } = await provider.start();
      setSsoCookie(
        reply,
        await forms.cookieSecret(),
        FLOW_COOKIE,
        checks,
        app.now(),
        forms.secureCookies,
      );
      return reply.redirect(url, 302);
    } catch (error) {
      if (error instanceof SsoError) {
        request.log.warn({ err: error }, 'single sign-on could not start');
        return reply.redirect(failedAt(error.failure), 302);
      }
      throw error;
    }
  });

  app.get(SSO_CALLBACK_PATH, perAddress, async (request, reply) => {
    const context = contextOf(app, request, reply);
    const secret = await forms.cookieSecret();
    const checks = readSsoCookie(request, secret, FLOW_COOKIE, context.now);
    clearSsoCookie(reply, FLOW_COOKIE, forms.secureCookies);
    if (!isChecks(checks)) {
      return reply.redirect(failedAt('expired'), 302);
    }
    const search = request.url.slice(SSO_CALLBACK_PATH.length);
    try {
      const identity = await provider.finish(
        new URL(`${SSO_CALLBACK_PATH}${search}`, app.config.appUrl),
        checks,
        context.now,
      );
      const outcome = await signInWithSso(forms.services(context), app.config, identity);
      if (outcome.kind === 'link') {
        setSsoCookie(
          reply,
          secret,
          LINK_COOKIE,
          { userId: outcome.userId, subject: identity.subject },
          context.now,
          forms.secureCookies,
        );
        return reply.redirect(LINK_PAGE, 302);
      }
      await forms.startSession(context, outcome.userId, true);
      return reply.redirect('/dashboard', 302);
    } catch (error) {
      if (error instanceof SsoError) {
        request.log.warn({ err: error }, 'single sign-on failed');
        return reply.redirect(failedAt(error.failure), 302);
      }
      if (error instanceof SsoRefused) {
        return reply.redirect(failedAt(error.refusal), 302);
      }
      throw error;
    }
  });
}

/** The account a sign-in in this browser would connect to: the link cookie's, while it lasts. */
async function pendingLink(app: AppInstance, forms: AccountForms, context: AccountContext) {
  const pending = readSsoCookie(
    context.request,
    await forms.cookieSecret(),
    LINK_COOKIE,
    context.now,
  ) as { userId?: unknown; subject?: unknown } | undefined;
  const user =
    typeof pending?.userId === 'string' && typeof pending.subject === 'string'
      ? await findUser(context.db, pending.userId)
      : undefined;
  if (!user || user.is_deleted || typeof pending?.subject !== 'string') {
    throw new ApiError('SSO_LINK_EXPIRED');
  }
  return { user, subject: pending.subject };
}

function linkRoutes(app: AppInstance, forms: AccountForms): void {
  route(app, accountApi.pendingSsoLink, async (context) => {
    const { user } = await pendingLink(app, forms, context);
    return { email: user.email };
  });

  route(
    app,
    accountApi.linkSso,
    async (context) => {
      const { user, subject } = await pendingLink(app, forms, context);
      const proven = await forms.withPasswordCheck(context, user.email, () =>
        checkCredentials(forms.services(context), user.email, context.body.password),
      );
      await connectSso(forms.services(context), proven.id, subject);
      clearSsoCookie(context.reply, LINK_COOKIE, forms.secureCookies);
      await forms.startSession(context, proven.id, true);
      return { user: presentUser(proven) };
    },
    accountForm,
  );
}
