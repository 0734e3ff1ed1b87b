import { EVENT_WEBHOOK_DELIVERY } from '@daywise/shared';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { DestinationStream, Logger } from 'pino';

import { recordingMailer } from './admin/mail-status';
import { adminRoutes } from './admin/routes';
import { agendaRoutes } from './agenda/routes';
import { analyticsRoutes } from './analytics/routes';
import { apiTokenSubscribers } from './api-tokens/events';
import { apiTokenRoutes } from './api-tokens/routes';
import { createAuth } from './auth/auth';
import { authenticate } from './auth/caller';
import { accountSubscribers } from './auth/events';
import { accountRoutes } from './auth/routes';
import { resolveAuthSecret } from './auth/secret';
import type { Session } from './auth/session';
import { SessionCache } from './auth/session-cache';
import { calendarSubscribers } from './calendar/events';
import { calendarRoutes } from './calendar/routes';
import type { Config } from './config';
import { contactRoutes } from './contact/routes';
import { davRoutes } from './dav/routes';
import { davSyncSubscribers } from './dav/sync-log';
import type { DatabaseHandle } from './db/database';
import { eventWebhookSubscribers } from './event-webhooks/events';
import { eventWebhookRoutes } from './event-webhooks/routes';
import { exportRoutes } from './exports/routes';
import { feedbackRoutes } from './feedback/routes';
import { filterSubscribers } from './filters/events';
import { filterRoutes } from './filters/routes';
import { focusSubscribers } from './focus/events';
import { focusRoutes } from './focus/routes';
import { habitRoutes } from './habits/routes';
import { healthRoutes } from './health/routes';
import { importRoutes } from './imports/routes';
import { registerApiReference } from './lib/api-reference';
import type { AppInstance } from './lib/app-instance';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './lib/errors';
import { EventBus } from './lib/events';
import { forgetAnswersOfDeletedAccounts } from './lib/idempotency';
import { createMetrics, type Metrics } from './lib/metrics';
import { registerMetrics } from './lib/metrics-endpoint';
import { registerNulRefusal } from './lib/nul-characters';
import { registerOriginCheck } from './lib/origin-check';
import { checkOutboundUrl, createOutbound, type OutboundOptions } from './lib/outbound';
import { registerRateLimit } from './lib/rate-limit';
import { createRedis, waitForReady } from './lib/redis';
import { OneLinePerRequest, serializeRequest } from './lib/request-log';
import { registerContractCompilers } from './lib/route';
import { registerSecurityHeaders } from './lib/security-headers';
import { registerShutdown } from './lib/shutdown';
import { listSubscribers } from './lists/events';
import { listRoutes } from './lists/routes';
import { countingMailer, createMailer, type Mailer } from './mail/mailer';
import { userChannelsChannel } from './notification-channels/delivery';
import { channelSubscribers } from './notification-channels/events';
import { channelRoutes } from './notification-channels/routes';
import { planSubscribers } from './plans/events';
import { planRoutes } from './plans/routes';
import { profileSubscribers } from './profile/events';
import { PICTURE_UPLOAD_LIMITS, profileRoutes } from './profile/routes';
import { pushSubscribers } from './push/events';
import { pushRoutes } from './push/routes';
import { createPushChannel } from './push/send';
import { resolveVapidKeys, vapidSubject } from './push/vapid';
import { createMemoryBus } from './realtime/bus';
import { createRedisBus } from './realtime/redis-bus';
import { realtimeRoutes } from './realtime/routes';
import type { ReminderChannel } from './reminders/channels';
import { emailChannel } from './reminders/email';
import { reminderSubscribers } from './reminders/events';
import { createReminders } from './reminders/reminders';
import { reminderRoutes } from './reminders/routes';
import { reviewRoutes } from './review/routes';
import { sectionSubscribers } from './sections/events';
import { sectionRoutes } from './sections/routes';
import { settingsSubscribers } from './settings/events';
import { settingsRoutes } from './settings/routes';
import { userTimezone } from './settings/settings';
import { socialSubscribers } from './social/events';
import { socialRoutes } from './social/routes';
import { todoSubscribers } from './todos/events';
import { todoRoutes } from './todos/routes';
import { webRoutes } from './web/routes';

/**
 * Every feature's domain-event subscribers (`<feature>/events.ts`), in the order they run: the
 * subscribers of one event run one after another in the order they were registered
 * (lib/events.ts). The order matters once: on `account.deleted`, reminders read the user's todos
 * and plan tasks to cancel their jobs, so they come before todos and plans, which delete those
 * rows (reminders/scheduling.test.ts deletes an account with reminders due). No other subscriber
 * reads what another one changes.
 */
const SUBSCRIBERS: readonly ((app: AppInstance) => void)[] = [
  (app) => forgetAnswersOfDeletedAccounts(app.events),
  accountSubscribers,
  settingsSubscribers,
  profileSubscribers,
  reminderSubscribers,
  focusSubscribers,
  todoSubscribers,
  sectionSubscribers,
  listSubscribers,
  filterSubscribers,
  planSubscribers,
  socialSubscribers,
  pushSubscribers,
  apiTokenSubscribers,
  calendarSubscribers,
  channelSubscribers,
  eventWebhookSubscribers,
  davSyncSubscribers,
];

/** JSON bodies above this are refused before they are read (uploads have their own limit). */
const BODY_LIMIT_BYTES = 100 * 1024;

export interface AppDependencies {
  /** An open, migrated database. buildApp closes it when the app closes. */
  database: DatabaseHandle;
  /** Replaces the mailer built from the config (tests capture emails this way). */
  mailer?: Mailer;
  /** Replaces pino's default destination (tests keep the output quiet). */
  logger?: Logger | boolean;
  /** Where the app's JSON log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /** Replaces REDIS_KEY_PREFIX; tests sharing one Redis keep apart with it. */
  redisKeyPrefix?: string;
  /** The clock for token expiry; tests move it forward. */
  now?: () => Date;
  /** Replaces the channels reminders are delivered on (tests capture deliveries this way). */
  reminderChannels?: ReminderChannel[];
  /**
   * Tests only: origins on loopback (their fake push services) that outbound requests may reach
   * although the guard refuses every address that is not public (lib/outbound.ts, ADR 0022).
   * main.ts never sets it, and no environment variable does.
   */
  outboundAllowedOrigins?: string[];
  /** Tests only: the wait after an event webhook's first failed try (EVENT_WEBHOOK_DELIVERY). */
  eventWebhookRetryBaseMs?: number;
  /**
   * Checks answers the database wrote as JSON against their contract before sending them (tests
   * do; the running app trusts the queries those tests checked). See lib/json-answer.ts.
   */
  checkJsonAnswers?: boolean;
}

export async function buildApp(config: Config, deps: AppDependencies): Promise<AppInstance> {
  const app = createFastify(config, deps);
  registerContractCompilers(app, { checkJsonAnswers: deps.checkJsonAnswers ?? false });
  const redis = await connectRedis(config, app);
  const redisKeyPrefix = deps.redisKeyPrefix ?? config.redisKeyPrefix;
  // One registry per app (ADR 0035); what it reads when scraped is looked up then.
  const metrics = createMetrics({
    pools: () => deps.database.pools(),
    queuedReminderJobs: () => app.reminders.queue.queued(deps.database.db),
    onError: (error, what) => app.log.warn({ err: error }, what),
  });
  const authSecret = await decorateServices(app, config, deps, { redis, redisKeyPrefix, metrics });
  await registerEdge(app, config, redis, redisKeyPrefix);
  registerMetrics(app, metrics, config);

  await registerApiReference(app);

  for (const subscribe of SUBSCRIBERS) {
    subscribe(app);
  }

  apiTokenRoutes(app);
  healthRoutes(app);
  accountRoutes(app);
  contactRoutes(app);
  settingsRoutes(app);
  profileRoutes(app);
  todoRoutes(app);
  listRoutes(app);
  filterRoutes(app);
  sectionRoutes(app);
  importRoutes(app);
  habitRoutes(app);
  planRoutes(app);
  socialRoutes(app);
  analyticsRoutes(app);
  focusRoutes(app);
  feedbackRoutes(app);
  agendaRoutes(app);
  reviewRoutes(app);
  exportRoutes(app);
  calendarRoutes(app, authSecret);
  await reminderRoutes(app);
  pushRoutes(app);
  channelRoutes(app);
  eventWebhookRoutes(app);
  adminRoutes(app);
  await realtimeRoutes(app);
  await davRoutes(app);
  await webRoutes(app, config.webDistDir);

  return app;
}

/** The Fastify instance with our logging, limits and error answers for what fails before a route. */
function createFastify(config: Config, deps: AppDependencies): AppInstance {
  // A hop count is applied as Fastify would; its types only take the other forms (ADR 0014).
  const hops = config.trustProxy;
  return Fastify({
    logger: deps.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      serializers: { req: serializeRequest },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT_BYTES,
    // Shutdown (lib/shutdown.ts): a request that arrives while closing gets our 503, not Fastify's.
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
    trustProxy: typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops,
  }).withTypeProvider<ZodTypeProvider>();
}

/** Redis when REDIS_URL is set, ready before anything uses it. */
async function connectRedis(config: Config, app: AppInstance): Promise<Redis | undefined> {
  const redis = config.redisUrl
    ? createRedis(config.redisUrl, (error) =>
        app.log.warn({ err: error }, 'redis connection error'),
      )
    : undefined;
  if (redis) {
    await waitForReady(redis);
  }
  return redis;
}

/**
 * The services every feature reaches through the app (the database, events, realtime, auth,
 * sessions, mail, push, reminders), closed with it. Answers the auth secret, which the reminder
 * links and the calendar feed sign with too.
 */
async function decorateServices(
  app: AppInstance,
  config: Config,
  deps: AppDependencies,
  {
    redis,
    redisKeyPrefix,
    metrics,
  }: { redis: Redis | undefined; redisKeyPrefix: string; metrics: Metrics },
): Promise<string> {
  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('now', deps.now ?? (() => new Date()));
  app.decorate('redis', redis);
  app.decorate(
    'events',
    new EventBus({
      onError: (error, event) =>
        app.log.error({ err: error, event: event.type }, 'subscriber failed'),
    }),
  );
  app.decorate(
    'realtime',
    redis
      ? createRedisBus(redis, `${redisKeyPrefix}:realtime`, (error, what) =>
          app.log.warn({ err: error }, what),
        )
      : createMemoryBus(),
  );
  const authSecret = await resolveAuthSecret(deps.database.db, config.authSecret);
  app.decorate('auth', createAuth(config, deps.database, authSecret, app.log as Logger));
  app.decorate(
    'sessionCache',
    new SessionCache<Session>(
      app.realtime,
      (await app.auth.$context).authCookies.sessionToken.name,
    ),
  );
  app.decorate('authenticate', (request, endpoint) => authenticate(app, request, endpoint));
  app.decorate('userTimezone', (userId) =>
    app.sessionCache.timezone(userId, () => userTimezone(app.database.db, userId)),
  );
  app.decorate('mailStatus', { lastSentAt: null, lastFailedAt: null });
  app.decorate(
    'mailer',
    countingMailer(
      recordingMailer(
        deps.mailer ??
          createMailer({
            smtpUrl: config.smtpUrl,
            from: config.mailFrom,
            dataDir: config.dataDir,
            logger: app.log as Logger,
          }),
        app.mailStatus,
        app.now,
      ),
      metrics,
    ),
  );
  const outboundOptions: OutboundOptions = {
    allowedOrigins: deps.outboundAllowedOrigins ?? [],
    allowPrivate: config.outboundAllowPrivate,
  };
  app.decorate('outbound', {
    send: createOutbound(outboundOptions),
    check: (url: string) => checkOutboundUrl(url, outboundOptions),
  });
  app.decorate(
    'eventWebhookRetryBaseMs',
    deps.eventWebhookRetryBaseMs ?? EVENT_WEBHOOK_DELIVERY.retryBaseMs,
  );
  const vapidKeys = await resolveVapidKeys(deps.database.db, config.vapidKeys);
  app.decorate('vapidPublicKey', vapidKeys.publicKey);
  app.decorate(
    'pushChannel',
    createPushChannel({
      db: deps.database.db,
      vapid: { subject: vapidSubject(config), ...vapidKeys },
      outbound: app.outbound.send,
      logger: app.log,
      now: app.now,
      metrics,
    }),
  );
  app.decorate(
    'reminders',
    createReminders({
      database: deps.database,
      channels: deps.reminderChannels ?? [
        emailChannel({
          db: deps.database.db,
          mailer: app.mailer,
          appUrl: config.appUrl,
          secret: authSecret,
        }),
        app.pushChannel,
        userChannelsChannel({
          db: deps.database.db,
          outbound: app.outbound.send,
          appUrl: config.appUrl,
          logger: app.log,
          now: app.now,
        }),
      ],
      secret: authSecret,
      now: app.now,
      log: app.log as Logger,
      metrics,
    }),
  );
  app.addHook('onClose', async () => {
    await app.reminders.stop();
    app.mailer.close();
    await app.realtime.close();
    await redis?.quit().catch(() => redis.disconnect());
    await deps.database.close();
  });
  return authSecret;
}

/** The guards every request meets before a route runs (docs/ARCHITECTURE.md, "The edge"). */
async function registerEdge(
  app: AppInstance,
  config: Config,
  redis: Redis | undefined,
  redisKeyPrefix: string,
): Promise<void> {
  const https = config.appUrl.startsWith('https://');
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toast and dialog libraries inject <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  registerErrorHandling(app);
  registerNulRefusal(app);
  registerShutdown(app);
  // API answers are per user and must not be kept by browsers or shared caches; a route that
  // answers public, cacheable content (profile pictures) sets its own Cache-Control.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
  // Only picture uploads are multipart; these limits hold for any other route too.
  await app.register(multipart, { limits: PICTURE_UPLOAD_LIMITS });
  registerOriginCheck(app, config.appUrl);
  await registerRateLimit(app, redis, `${redisKeyPrefix}:rate-limit:`);
}
