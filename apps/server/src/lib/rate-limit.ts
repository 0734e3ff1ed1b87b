import { createRequire } from 'node:module';

import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

import { ApiError } from './errors';

/** The plugin's own stores (not in its type declarations, hence the require). */
const require = createRequire(import.meta.url);
/** The plugin's stores also have `read`, for `{ increment: false }` (missing from its types). */
type Store = FastifyRateLimitStore & { read?: FastifyRateLimitStore['incr'] };
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => Store;

/** After a Redis failure, counters stay in this process for this long before Redis is tried again. */
const REDIS_RETRY_AFTER_MS = 5000;

type Incr = Parameters<Store['incr']>;

/**
 * Counters in Redis when there is one, and in this process otherwise or while Redis fails (ADR
 * 0015): limits keep holding per instance rather than stopping, and requests do not queue up
 * behind a Redis that is down: after a failure (which takes at most the Redis command timeout),
 * Redis is tried again only after REDIS_RETRY_AFTER_MS.
 */
function countingStore(
  redis: Redis | undefined,
  keyPrefix: string,
  onFallback: (error: unknown) => void,
): FastifyRateLimitStoreCtor {
  const state = { redisBackAt: 0 };
  const fallbackStore = (redisStore: Store | undefined, localStore: Store): Store => {
    // LocalStore hands out its live counter, which the plugin reads only after an await: a burst
    // counted within one tick (parallel requests, or the failures of queued Redis calls) would
    // all read the burst's final count and all be refused. Each caller gets its own copy.
    const copying =
      (callback: Incr[1]): Incr[1] =>
      (error, result) =>
        callback(error, result && { current: result.current, ttl: result.ttl });
    /** `incr` counts a request; `read` (`{ increment: false }`) only looks at the count. */
    const inRedisOrHere =
      (method: 'incr' | 'read') =>
      (key: Incr[0], callback: Incr[1], timeWindow: Incr[2], max: Incr[3]) => {
        const countLocally = () => localStore[method]?.(key, copying(callback), timeWindow, max);
        if (!redisStore?.[method] || Date.now() < state.redisBackAt) {
          countLocally();
          return;
        }
        redisStore[method](
          key,
          (error, result) => {
            if (!error) {
              callback(null, result);
              return;
            }
            state.redisBackAt = Date.now() + REDIS_RETRY_AFTER_MS;
            onFallback(error);
            countLocally();
          },
          timeWindow,
          max,
        );
      };
    return {
      incr: inRedisOrHere('incr'),
      read: inRedisOrHere('read'),
      child: (routeOptions) =>
        fallbackStore(redisStore?.child(routeOptions), localStore.child(routeOptions)),
    };
  };
  return class {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      return fallbackStore(
        redis && new RedisStore(continueExceeding, exponentialBackoff, redis, keyPrefix),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Rate limiting is opt-in per route (`config.rateLimit`), never global: only the routes the
 * security rules name carry limits. Counters live in this process, or in Redis when REDIS_URL is
 * set so that every instance counts the same client together.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  redis: Redis | undefined,
  keyPrefix: string,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: countingStore(redis, keyPrefix, (error) =>
      app.log.warn({ err: error }, 'rate limits: Redis failed; counting in this process'),
    ),
    errorResponseBuilder: () => new ApiError('RATE_LIMITED'),
    // A route's own limit, named by its route pattern (ADR 0035).
    onExceeded: (request: FastifyRequest) =>
      app.metrics.rateLimitRefused(`route:${request.routeOptions.url ?? ''}`),
  });
}

/**
 * A count per signed-in user rather than per address, in the rate limits' store (Redis when set,
 * so every instance counts the same user together): the returned check counts one use once the
 * session is known and says whether it is within `limit`.
 */
export function withinPerUserLimit(
  app: FastifyInstance,
  name: string,
  limit: { max: number; windowMs: number },
): (request: FastifyRequest, userId: string) => Promise<boolean> {
  const users = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request: FastifyRequest) => `${name}:${users.get(request) ?? ''}`,
  });
  return async (request, userId) => {
    users.set(request, userId);
    const result = await check(request);
    const within = result.isAllowed || !result.isExceeded;
    if (!within) {
      app.metrics.rateLimitRefused(name);
    }
    return within;
  };
}

/**
 * A limit counted per signed-in user (withinPerUserLimit): call the returned check before the
 * work the limit protects. 429 RATE_LIMITED past the limit.
 */
export function perUserLimit(
  app: FastifyInstance,
  name: string,
  limit: { max: number; windowMs: number },
): (request: FastifyRequest, userId: string) => Promise<void> {
  const within = withinPerUserLimit(app, name, limit);
  return async (request, userId) => {
    if (!(await within(request, userId))) {
      throw new ApiError('RATE_LIMITED');
    }
  };
}
