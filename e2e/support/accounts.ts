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

/**
 * A verified account, signed in within the browser context `request` belongs to (page.request
 * shares the page's cookies).
 */
export async function createVerifiedUser(
  request: APIRequestContext,
  server: RunningServer,
  name = 'Ada Lovelace',
): Promise<{ email: string; name: string }> {
  const email = uniqueEmail('verified');
  const signUp = await request.post('/api/account/sign-up', {
    data: { name, email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
  });
  if (!signUp.ok()) {
    throw new Error(`sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  }
  const link = new URL(await emailedLink(server, email, '/verify-email'));
  const verify = await request.post('/api/account/verify-email', {
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
