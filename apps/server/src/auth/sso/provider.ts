import * as oidc from 'openid-client';

import type { OidcConfig } from '../../config';

/*
 * The OpenID Connect provider, through openid-client (ADR 0038): discovery from the issuer's
 * `/.well-known/openid-configuration`, the authorization code flow with PKCE, state and nonce, and
 * the ID token's signature (the provider's JWKS), issuer, audience and expiry checked.
 */

/** Why a sign-in through the provider failed; each has its own text on the login page. */
export type SsoFailure = 'unavailable' | 'failed' | 'cancelled' | 'expired';

export class SsoError extends Error {
  constructor(
    readonly failure: SsoFailure,
    options?: { cause?: unknown },
  ) {
    super(`single sign-on failed: ${failure}`, options);
    this.name = 'SsoError';
  }
}

/** What one sign-in keeps between sending the browser to the provider and its return. */
export interface SsoChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Who the provider says signed in, from the verified ID token. */
export interface SsoIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

/** How long each request to the provider may take, in seconds. */
const PROVIDER_TIMEOUT_S = 10;

/**
 * The provider as the app uses it. Discovery runs on the first sign-in and is kept once it
 * succeeded; a provider that is down is asked again on the next attempt.
 */
export function createSsoProvider(settings: OidcConfig, redirectUri: string) {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= discover(settings).catch((error: unknown) => {
      discovered = undefined;
      throw new SsoError('unavailable', { cause: error });
    });
    return discovered;
  };

  return {
    /** Where to send the browser, and the checks its return must pass. */
    async start(): Promise<{ url: string; checks: SsoChecks }> {
      const config = await configuration();
      const checks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, checks };
    },

    /**
     * The browser's return (`callbackUrl`, with its code and state): exchanges the code and
     * verifies the ID token. `now` is the app's clock, which the token's expiry is checked by.
     */
    async finish(callbackUrl: URL, checks: SsoChecks, now: Date): Promise<SsoIdentity> {
      const config = clientFor(settings, (await configuration()).serverMetadata(), now);
      const providerError = callbackUrl.searchParams.get('error');
      if (providerError !== null) {
        throw new SsoError(providerError === 'access_denied' ? 'cancelled' : 'failed');
      }
      let tokens;
      try {
        tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw new SsoError(isUnreachable(error) ? 'unavailable' : 'failed', { cause: error });
      }
      const claims = tokens.claims();
      if (!claims) {
        throw new SsoError('failed');
      }
      // A provider may keep the profile out of the ID token and answer it at its userinfo endpoint.
      const profile =
        typeof claims.email === 'string'
          ? claims
          : await oidc
              .fetchUserInfo(config, tokens.access_token, claims.sub)
              .catch((error: unknown) => {
                throw new SsoError(isUnreachable(error) ? 'unavailable' : 'failed', {
                  cause: error,
                });
              });
      return {
        subject: claims.sub,
        email: typeof profile.email === 'string' ? profile.email.trim().toLowerCase() : undefined,
        emailVerified: profile.email_verified === true,
        name: typeof profile.name === 'string' ? profile.name.trim() : undefined,
      };
    },
  };
}

export type SsoProvider = ReturnType<typeof createSsoProvider>;

/** Plain http only for a provider the operator runs on a local address (tests, development). */
const insecure = (settings: OidcConfig) => new URL(settings.issuerUrl).protocol === 'http:';

async function discover(settings: OidcConfig): Promise<oidc.Configuration> {
  return oidc.discovery(
    new URL(settings.issuerUrl),
    settings.clientId,
    undefined,
    oidc.ClientSecretBasic(settings.clientSecret),
    {
      timeout: PROVIDER_TIMEOUT_S,
      ...(insecure(settings) ? { execute: [oidc.allowInsecureRequests] } : {}),
    },
  );
}

/**
 * The client for one sign-in's return, on the discovered provider: its clock is the app's (the ID
 * token's expiry is checked against `now`), and the ID token's signature is checked against the
 * provider's keys, not only trusted for having come from the token endpoint.
 */
function clientFor(
  settings: OidcConfig,
  server: oidc.ServerMetadata,
  now: Date,
): oidc.Configuration {
  const config = new oidc.Configuration(
    server,
    settings.clientId,
    { [oidc.clockSkew]: Math.round((now.getTime() - Date.now()) / 1000) },
    oidc.ClientSecretBasic(settings.clientSecret),
  );
  if (insecure(settings)) {
    oidc.allowInsecureRequests(config);
  }
  oidc.enableNonRepudiationChecks(config);
  config.timeout = PROVIDER_TIMEOUT_S;
  return config;
}

/** The provider did not answer, or answered with its own failure (5xx): not the token's fault. */
function isUnreachable(error: unknown): boolean {
  if (
    error instanceof oidc.ResponseBodyError ||
    error instanceof oidc.WWWAuthenticateChallengeError
  ) {
    return error.status >= 500;
  }
  if (error instanceof oidc.ClientError) {
    return isUnreachable(error.cause);
  }
  if (error instanceof Error && 'status' in error && typeof error.status === 'number') {
    return error.status >= 500;
  }
  return (
    error instanceof TypeError ||
    (error instanceof Error && ['AbortError', 'TimeoutError'].includes(error.name))
  );
}
