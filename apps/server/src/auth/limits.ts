import type { ErrorCode } from '@daywise/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { ApiError } from '../lib/errors';

/**
 * A rate-limit bucket keyed by a value the caller computes (an email address, a recipient),
 * counted in @fastify/rate-limit's store (Redis when configured, so every instance shares it).
 * `hit` counts one and answers whether the limit is now exceeded; `isBlocked` only reads, which
 * is how failures-only buckets are checked before the attempt (ADR 0013).
 */
export interface KeyedLimit {
  hit: (request: FastifyRequest, key: string) => Promise<LimitState>;
  isBlocked: (request: FastifyRequest, key: string) => Promise<LimitState>;
}

export interface LimitState {
  /** The limit's name, as the metrics count its refusals (ADR 0035). */
  limit: string;
  blocked: boolean;
  retryAfterSeconds: number;
  /** How many more the bucket takes before it blocks. */
  remaining: number;
}

export function createKeyedLimit(
  app: FastifyInstance,
  name: string,
  options: { max: number; windowMs: number },
): KeyedLimit {
  // The store's key generator only sees the request: hand it the key alongside. It runs
  // synchronously when the limiter is called, before any other call can set another key.
  const keys = new WeakMap<FastifyRequest, string>();
  const limit = app.createRateLimit({
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: (request: FastifyRequest) => `${name}:${keys.get(request) ?? ''}`,
  });
  return {
    async hit(request, key) {
      keys.set(request, key);
      const state = await limit(request);
      return state.isAllowed
        ? { limit: name, blocked: false, retryAfterSeconds: 0, remaining: Number.POSITIVE_INFINITY }
        : {
            limit: name,
            blocked: state.isExceeded,
            retryAfterSeconds: state.ttlInSeconds,
            remaining: 0,
          };
    },
    async isBlocked(request, key) {
      keys.set(request, key);
      const state = await limit(request, { increment: false });
      return state.isAllowed
        ? { limit: name, blocked: false, retryAfterSeconds: 0, remaining: Number.POSITIVE_INFINITY }
        : {
            limit: name,
            blocked: state.remaining === 0,
            retryAfterSeconds: state.ttlInSeconds,
            remaining: state.remaining,
          };
    },
  };
}

/**
 * A per-address limit on wrong secrets (a feed address, a reset or verification link), ADR 0022:
 * `open` checks the secret and throws one of `missCodes` when it is wrong. Only those misses count against the client's
 * address, and past the limit a miss answers 429 instead; a right secret is always served,
 * whatever else came from its address (a calendar service or an office NAT fetches for many).
 */
export function createMissLimit(
  app: FastifyInstance,
  name: string,
  options: { max: number; windowMs: number },
  missCodes: readonly ErrorCode[],
): <T>(request: FastifyRequest, reply: FastifyReply, open: () => Promise<T>) => Promise<T> {
  const misses = createKeyedLimit(app, name, options);
  return async (request, reply, open) => {
    try {
      return await open();
    } catch (error) {
      if (error instanceof ApiError && missCodes.includes(error.code)) {
        refuseWhenBlocked(await misses.hit(request, request.ip), reply);
      }
      throw error;
    }
  };
}

/** 429 with Retry-After when `state` is blocked. */
export function refuseWhenBlocked(state: LimitState, reply: FastifyReply): void {
  if (state.blocked) {
    reply.server.metrics.rateLimitRefused(state.limit);
    reply.header('retry-after', state.retryAfterSeconds);
    throw new ApiError('RATE_LIMITED');
  }
}

/** An email address as one key, whatever its case or padding. */
export function emailKey(email: unknown): string {
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}
