import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';

import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import type { EventBus } from './events';

/**
 * The plumbing every feature may use. Each feature declares the decorations it adds itself, beside
 * the code that provides them (`app.auth` in auth/auth.ts, `app.realtime` in realtime/bus.ts, ...),
 * so this file, and lib/ as a whole, imports no feature (docs/ARCHITECTURE.md, "Layers").
 */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    /** Domain events: writes emit them, features subscribe (lib/events.ts). */
    events: EventBus;
    /** The shared Redis connection when REDIS_URL is set (lib/redis.ts). */
    redis: Redis | undefined;
    /** The current time; tests pass a clock they control. */
    now: () => Date;
  }
}

/** The app `buildApp` makes (app.ts), as features and lib/ receive it. */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
