import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/*
 * A real OpenID Connect provider (panva's oidc-provider) on a loopback port, for the single
 * sign-on tests (ADR 0038). Its users are set by the test; it can be told to misbehave the ways a
 * broken or hostile provider would: sign with a key its JWKS does not publish, answer another
 * nonce than the one asked for.
 */

export interface ProviderUser {
  email: string;
  email_verified: boolean;
  name: string;
}

export interface TestProviderOptions {
  /** Where the app wants the browser back: its `/sso/callback`. */
  redirectUri: string;
  /**
   * Who signs in, without a login page: the account id `start` gives. Unset, the provider's own
   * login and consent pages ask (any login name, any password), as in the browser test.
   */
  autoLogin?: boolean;
  port?: number;
}

export const TEST_CLIENT = { id: 'daywise-test', secret: 'daywise-test-secret-0123456789' };

export async function startTestProvider(options: TestProviderOptions) {
  const users = new Map<string, ProviderUser>();
  const misbehave = { publishOtherKey: false, swapNonce: false };
  let signingInAs: string | undefined;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  const otherPublic = { ...(await exportJWK(other.publicKey)), kid, alg: 'RS256', use: 'sig' };

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['daywise-test-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        ...(users.get(sub) ?? { email: `${sub}@example.com`, email_verified: true, name: sub }),
      }),
    }),
    features: { devInteractions: { enabled: !options.autoLogin } },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 3600, IdToken: 3600 },
  });
  provider.proxy = false;
  const callback = provider.callback();

  /** Signs `signingInAs` in and grants the client what it asked, as a login page would. */
  async function finishInteraction(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const accountId = signingInAs ?? 'nobody';
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(req, res, { login: { accountId } });
      return;
    }
    const grant = new provider.Grant({ accountId, clientId: TEST_CLIENT.id });
    grant.addOIDCScope(String(details.params.scope));
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  }

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (misbehave.publishOtherKey && url.pathname === '/jwks') {
      res.setHeader('content-type', 'application/jwk-set+json');
      res.end(JSON.stringify({ keys: [otherPublic] }));
      return;
    }
    if (misbehave.swapNonce && url.pathname === '/auth' && url.searchParams.has('nonce')) {
      url.searchParams.set('nonce', 'a-nonce-this-sign-in-never-sent');
      req.url = `${url.pathname}${url.search}`;
    }
    if (options.autoLogin && url.pathname.startsWith('/interaction/')) {
      finishInteraction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    void callback(req, res);
  });

  return {
    issuer,
    users,
    misbehave,
    /** The account id the next automatic login signs in as. */
    signInAs(accountId: string, user?: ProviderUser) {
      signingInAs = accountId;
      if (user) {
        users.set(accountId, user);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TestProvider = Awaited<ReturnType<typeof startTestProvider>>;

/**
 * A browser's walk through the provider: from the app's redirect to it until it sends the browser
 * back to the app, keeping the provider's cookies. The app's callback URL it was sent to.
 */
export async function walkProvider(authorizationUrl: string, appUrl: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let step = 0; step < 10; step += 1) {
    if (url.startsWith(appUrl)) {
      return new URL(url);
    }
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const set of response.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location) {
      throw new Error(
        `the provider answered ${response.status} at ${url}: ${await response.text()}`,
      );
    }
    url = new URL(location, url).href;
  }
  throw new Error('the provider never sent the browser back');
}
