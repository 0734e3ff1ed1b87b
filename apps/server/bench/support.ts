/**
 * What the HTTP benches share: scripts/bench-support.mjs (the production server on a free port with
 * a fresh SQLite DATA_DIR, the outbox's emails) and a verified user signed in through the API.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BenchServer {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
}
interface Support {
  PASSWORD: string;
  startServer: (label: string, env?: Record<string, string>) => Promise<BenchServer>;
  verificationParams: (server: BenchServer, email: string) => Promise<URLSearchParams>;
  sleep: (ms: number) => Promise<void>;
  median: (values: number[]) => number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const support = (await import(
  path.join(here, '../../../scripts/bench-support.mjs')
)) as Support;

/** A verified user signed in through the API; returns the session cookie. */
export async function signedIn(
  server: BenchServer,
  email: string,
): Promise<{ id: string; cookie: string }> {
  const headers = { origin: server.url, 'content-type': 'application/json' };
  const post = (url: string, body: unknown) =>
    fetch(`${server.url}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const signUp = await post('/api/account/sign-up', {
    name: 'Bench User',
    email,
    password: support.PASSWORD,
    confirmPassword: support.PASSWORD,
    acceptTerms: true,
  });
  if (!signUp.ok) {
    throw new Error(`sign-up answered ${signUp.status}`);
  }
  const params = await support.verificationParams(server, email);
  const verified = await post('/api/account/verify-email', {
    userId: params.get('userId'),
    secret: params.get('secret'),
  });
  const login = await post('/api/account/login', {
    email,
    password: support.PASSWORD,
    rememberMe: true,
  });
  const cookie = login.headers.getSetCookie()[0]?.split(';')[0];
  if (!verified.ok || !login.ok || !cookie) {
    throw new Error(`verify-email answered ${verified.status}, login ${login.status}`);
  }
  return { id: params.get('userId') ?? '', cookie };
}
