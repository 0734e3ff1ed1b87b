import path from 'node:path';

import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalUrl = (protocols: readonly string[], example: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine(
      (value) => value === undefined || protocols.some((p) => value.startsWith(`${p}://`)),
      `must start with ${protocols.map((p) => `${p}://`).join(' or ')} (for example ${example})`,
    );

/** Environment variables (DESIGN §2), parsed once at start-up. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  APP_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional()
    .transform((value) => value?.replace(/\/+$/, '')),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql'], 'postgres://user@localhost:5432/daywise'),
  REDIS_URL: optionalUrl(['redis', 'rediss'], 'redis://127.0.0.1:6379'),
  /** Prefix of every Redis key and channel, so deployments can share one Redis (ADR 0015). */
  REDIS_KEY_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores')
    .default('daywise'),
  /** How long start-up waits for the database to answer before giving up (ADR 0015). */
  DATABASE_STARTUP_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  SMTP_URL: optionalUrl(['smtp', 'smtps'], 'smtp://user:pass@smtp.example.com:587'),
  MAIL_FROM: z.string().trim().min(3).default('Daywise <no-reply@daywise.local>'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  AUTH_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || value.length >= 32, 'must be at least 32 characters'),
  /** Where the built web app lives; tests that need no web app point it at an empty folder. */
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
});

export interface Config {
  port: number;
  host: string;
  /** Public base URL, used for emailed links and the Origin check; never taken from a request. */
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /** How long start-up retries reaching the database before exiting. */
  databaseStartupTimeoutMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Signs session cookies; without it a key is made once and kept in the database. */
  authSecret: string | undefined;
  webDistDir: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError listing every bad variable. */
export function loadConfig(
  env: Record<string, string | undefined>,
  defaultWebDist: string,
): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const parsed = result.data;
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    appUrl: parsed.APP_URL ?? `http://localhost:${parsed.PORT}`,
    dataDir: path.resolve(parsed.DATA_DIR),
    databaseUrl: parsed.DATABASE_URL,
    redisUrl: parsed.REDIS_URL,
    redisKeyPrefix: parsed.REDIS_KEY_PREFIX,
    databaseStartupTimeoutMs: parsed.DATABASE_STARTUP_TIMEOUT_MS,
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    logLevel: parsed.LOG_LEVEL,
    authSecret: parsed.AUTH_SECRET,
    webDistDir: path.resolve(parsed.WEB_DIST_DIR ?? defaultWebDist),
  };
}
