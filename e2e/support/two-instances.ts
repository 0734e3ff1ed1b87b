import { randomBytes } from 'node:crypto';

import { freshDatabase } from './databases';
import { type RunningServer, startServer } from './server';

/** Where the two instances keep their data: set by .ci/run, as for the server's tests. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

export interface TwoInstances {
  first: RunningServer;
  second: RunningServer;
  stop: () => Promise<void>;
}

/**
 * Two server processes of the production build on one fresh PostgreSQL database and one Redis,
 * as behind a load balancer (issue 32: "one instance and two instances behind PostgreSQL +
 * Redis"): they share the accounts, the sessions (one auth secret) and the realtime channel,
 * under a Redis key prefix of their own. The first migrates the database before the second
 * starts. Each has its own address, data folder and mailbox; the browser's cookies for 127.0.0.1
 * go to both.
 */
export async function startTwoInstances(): Promise<TwoInstances> {
  if (!TEST_DATABASE_URL || !TEST_REDIS_URL) {
    throw new Error('Two instances need TEST_DATABASE_URL and TEST_REDIS_URL.');
  }
  const database = await freshDatabase(TEST_DATABASE_URL);
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: database.name,
    AUTH_SECRET: randomBytes(32).toString('hex'),
  };
  const started: RunningServer[] = [];
  try {
    started.push(await startServer(env));
    started.push(await startServer(env));
  } catch (error) {
    await Promise.all(started.map((server) => server.stop()));
    await database.drop();
    throw error;
  }
  const [first, second] = started as [RunningServer, RunningServer];
  return {
    first,
    second,
    async stop() {
      await second.stop();
      await first.stop();
      await database.drop();
    },
  };
}
