import { afterEach, beforeEach } from 'vitest';

import type { Engine } from '../src/db/database';
import { accountClient } from './account-client';
import { createTestApp, SAME_ORIGIN, type TestApp, testClock } from './helpers';

export type TestClock = ReturnType<typeof testClock>;
export type AccountClient = ReturnType<typeof accountClient>;

export interface SignedInApp {
  ctx: TestApp;
  api: AccountClient;
  /** The signed-in user's session cookie. */
  cookie: string;
  clock: TestClock;
  /** A write from our origin as the signed-in user, or as the user `cookie` names. */
  send: (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    cookie?: string,
  ) => ReturnType<typeof sendAs>;
}

/**
 * A fresh app on `engine` whose clock the test moves by hand (from Saturday 21 November 2026,
 * 09:00 UTC unless told), with one verified user signed in.
 */
export async function signedInApp(engine: Engine, start?: Date): Promise<SignedInApp> {
  const clock = testClock(start);
  const ctx = await createTestApp(engine, { now: clock.now });
  const api = accountClient(ctx);
  const cookie = (await api.signUpAndVerify()) ?? '';
  return {
    ctx,
    api,
    clock,
    cookie,
    send: (method, url, payload, as) => sendAs(ctx, as ?? cookie, method, url, payload),
  };
}

/**
 * Gives each test of the suite its own `signedInApp`, handed to `use` before the test and closed
 * after it.
 */
export function eachSignedIn(engine: Engine, use: (app: SignedInApp) => void, start?: Date): void {
  let current: SignedInApp | undefined;
  beforeEach(async () => {
    current = await signedInApp(engine, start);
    use(current);
  });
  afterEach(() => current?.ctx.close());
}

/** A write as our own pages send it: from our origin, with `cookie`, and a JSON body if any. */
export function sendAs(
  ctx: TestApp,
  cookie: string | undefined,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...SAME_ORIGIN, cookie: cookie ?? '' },
  });
}
