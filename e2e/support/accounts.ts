import type { APIRequestContext } from '@playwright/test';

import type { RunningServer } from './server';

export const PASSWORD = 'Sunrise2026';

let counter = 0;
/** An address no other test uses. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/** An emailed link's parameters: in its fragment, where the server puts them, or its query. */
export function linkParams(link: URL): URLSearchParams {
  return new URLSearchParams(link.hash.slice(1) || link.search);
}

/** The first link in the newest email to `email` that points at `path`. */
export async function emailedLink(
  server: RunningServer,
  email: string,
  path: string,
): Promise<string> {
  const mail = await server.mailbox.latestTo(email);
  const link = (mail.text ?? '')
    .split('\n')
    .find((line) => line.startsWith(`${server.url}${path}`));
  if (!link) {
    throw new Error(`The email to ${email} has no ${path} link:\n${mail.text}`);
  }
  return link;
}

let clients = 0;
/**
 * A client address of its own for each account a test makes (sent as X-Forwarded-For, which the
 * test server trusts from loopback): people sign up from their own addresses, so the per-address
 * limits of the account routes (ADR 0013) hold each test's sign-ups apart, as they would real
 * people's.
 */
export function ownClientAddress(): Record<string, string> {
  clients += 1;
  return {
    'x-forwarded-for': `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`,
  };
}

/**
 * A verified account, signed in within the browser context `request` belongs to (page.request
 * shares the page's cookies).
 */
export async function createVerifiedUser(
  request: APIRequestContext,
  server: RunningServer,
  name = 'Ada Lovelace',
  email = uniqueEmail('verified'),
): Promise<{ email: string; name: string }> {
  const headers = ownClientAddress();
  const signUp = await request.post('/api/account/sign-up', {
    headers,
    data: { name, email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
  });
  if (!signUp.ok()) {
    throw new Error(`sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  }
  const link = new URL(await emailedLink(server, email, '/verify-email'));
  const verify = await request.post('/api/account/verify-email', {
    headers,
    data: {
      userId: linkParams(link).get('userId'),
      secret: linkParams(link).get('secret'),
    },
  });
  if (!verify.ok()) {
    throw new Error(`verification failed: ${verify.status()} ${await verify.text()}`);
  }
  return { email, name };
}
