import { Redis } from 'ioredis';

/**
 * Redis time limits (ADR 0015). Every command gives up after COMMAND_TIMEOUT_MS, and while the
 * connection is down commands fail at once instead of queueing, so that callers fall back (rate
 * limits) or tell clients to re-read (realtime) within about a second.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;
const CONNECT_TIMEOUT_MS = 1000;
/**
 * A silent network leaves a connection looking open while every command times out, and ioredis
 * only reconnects after the socket closes: a ping that gets no answer within the command timeout
 * cuts the connection, and ioredis opens a new one with its backoff.
 */
const WATCHDOG_INTERVAL_MS = 2000;

/** The shared Redis connection; `onError` hears connection errors (ioredis retries by itself). */
export function createRedis(url: string, onError: (error: unknown) => void): Redis {
  const redis = new Redis(url, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  redis.on('error', onError);
  watchConnection(redis);
  return redis;
}

/** Pings `connection` on an interval and cuts it when a ping fails; stops when it is closed. */
export function watchConnection(connection: Redis): void {
  const timer = setInterval(() => {
    if (connection.status !== 'ready') {
      return;
    }
    connection.ping().catch(() => {
      if (connection.status === 'ready') {
        connection.disconnect(true);
      }
    });
  }, WATCHDOG_INTERVAL_MS);
  timer.unref();
  connection.once('end', () => clearInterval(timer));
}

/**
 * Resolves once `redis` is ready or after `timeoutMs`, whichever comes first; never rejects. Start-up
 * waits this long so that the first requests count in Redis, without depending on it: commands
 * fail at once while the connection is down (no offline queue).
 */
export async function waitForReady(redis: Redis, timeoutMs = CONNECT_TIMEOUT_MS): Promise<void> {
  if (redis.status === 'ready') {
    return;
  }
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.on('ready', done);
  });
}
