import { isIP } from 'node:net';
import path from 'node:path';

import { type Registration, REGISTRATION_MODES } from '@daywise/shared/schemas';
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

/** Names proxy-addr knows for whole private ranges, besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  if (PROXY_RANGE_NAMES.has(entry)) {
    return true;
  }
  const version = isIP(address);
  if (version === 0 || rest.length > 0) {
    return false;
  }
  return (
    bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128))
  );
}

/**
 * TRUST_PROXY: which proxies may tell us the client's address in X-Forwarded-For (ADR 0014).
 * Unset trusts none; a number trusts that many hops; otherwise a comma-separated list of proxy
 * addresses or CIDRs. "Trust everything" is not offered: any client could then pick its address.
 */
const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): number | string[] | false => {
    if (value === undefined || value === '') {
      return false;
    }
    if (/^\d+$/.test(value)) {
      return Number(value);
    }
    const entries = value.split(',').map((entry) => entry.trim());
    if (!entries.every(isProxyAddress)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be a hop count (for example 1) or proxy addresses or CIDRs separated by commas (for example 10.0.0.0/8,127.0.0.1)',
      });
      return z.NEVER;
    }
    return entries;
  });

const optionalKey = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .refine((value) => value === undefined || /^[A-Za-z0-9_-]+$/.test(value), 'must be base64url');

const DURATION_UNITS_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/**
 * BACKUP_EVERY: how often the server takes a rolling backup (ADR 0036), as a whole number of
 * minutes, hours or days (`30m`, `24h`, `7d`); at least a minute, at most a year. Unset takes none.
 */
const backupEverySchema = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): number | undefined => {
    if (value === undefined || value === '') {
      return undefined;
    }
    const match = /^(\d{1,6})([mhd])$/.exec(value);
    const ms = match ? Number(match[1]) * DURATION_UNITS_MS[match[2] as 'm' | 'h' | 'd'] : 0;
    if (ms < 60_000 || ms > 366 * 86_400_000) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a duration of at least a minute such as 30m, 24h or 7d',
      });
      return z.NEVER;
    }
    return ms;
  });

/**
 * ADMIN_EMAILS: the admins' addresses, comma separated, kept lower-case (ADR 0039). Unset, the
 * first account made on the instance is its admin.
 */
const adminEmailsSchema = z
  .string()
  .optional()
  .transform((value, ctx): string[] => {
    const entries = (value ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry !== '');
    const bad = entries.filter((entry) => !z.email().safeParse(entry).success);
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be email addresses separated by commas (not ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return [...new Set(entries)];
  });

/** Environment variables, parsed once at start-up. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  APP_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional()
    .transform((value) => value?.replace(/(?<!\/)\/+$/, '')),
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
  /**
   * The VAPID key pair that signs web push requests (base64url, as `web-push generate-vapid-keys`
   * prints them). Both or neither; without them a pair is made once and kept in the database.
   */
  VAPID_PUBLIC_KEY: optionalKey,
  VAPID_PRIVATE_KEY: optionalKey,
  /** Where the built web app lives; tests that need no web app point it at an empty folder. */
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
  TRUST_PROXY: trustProxySchema,
  /** The Bearer token that opens `/metrics` on the main port (ADR 0035); unset, it is not served there. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine(
      (value) => value === undefined || /^[A-Za-z0-9._~+/-]{32,}=*$/.test(value),
      'must be at least 32 letters, digits or ._~+/- (for example from `openssl rand -hex 32`)',
    ),
  /** A second port serving only `/metrics`, without a token (ADR 0035). */
  METRICS_PORT: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx): number | undefined => {
      if (value === undefined || value === '') {
        return undefined;
      }
      if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
        ctx.addIssue({ code: 'custom', message: 'must be a port number from 0 to 65535' });
        return z.NEVER;
      }
      return Number(value);
    }),
  /** Where backups go: the rolling ones and SQLite's copy before migrations (ADR 0036). */
  BACKUP_DIR: z.string().trim().optional(),
  BACKUP_EVERY: backupEverySchema,
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  /**
   * Lets requests to addresses users give (ntfy, Gotify, webhooks) reach loopback and private
   * networks, for a home server beside its ntfy; link-local and metadata addresses stay refused
   * (lib/outbound.ts, ADR 0037). Off by default: any user could aim the server at its own network.
   */
  OUTBOUND_ALLOW_PRIVATE: z
    .enum(['true', 'false', ''], { error: 'must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
  REGISTRATION: z
    .enum(REGISTRATION_MODES, { error: 'must be open, invite or closed' })
    .default('open'),
  ADMIN_EMAILS: adminEmailsSchema,
  /** Single sign-on through an OpenID Connect provider (auth/sso, ADR 0038): all three or none. */
  OIDC_ISSUER_URL: optionalUrl(
    ['https', 'http'],
    'https://auth.example.com/application/o/daywise/',
  ),
  OIDC_CLIENT_ID: z.string().trim().optional(),
  OIDC_CLIENT_SECRET: z.string().trim().optional(),
  OIDC_BUTTON_LABEL: z
    .string()
    .trim()
    .max(60, 'must be at most 60 characters')
    .optional()
    .transform((value) => value || 'Sign in with SSO'),
  /** Password sign-in and sign-up only for the addresses in ADMIN_EMAILS; everyone else uses SSO. */
  OIDC_ONLY: z
    .enum(['true', 'false', ''], { error: 'must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

/** The OpenID Connect provider the sign-in button goes through (OIDC_* variables). */
export interface OidcConfig {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  buttonLabel: string;
}

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
  /** Signs web push requests; without it a pair is made once and kept in the database. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Proxies whose X-Forwarded-For is believed: a hop count, addresses or CIDRs, or none. */
  trustProxy: number | string[] | false;
  /** Opens `/metrics` on the main port as `Authorization: Bearer <token>`; unset, not served there. */
  metricsToken: string | undefined;
  /** Serves `/metrics` alone, without a token, on this port too (0: any free one). */
  metricsPort: number | undefined;
  /** Where backups go (BACKUP_DIR, or `backups` in the data directory). */
  backupDir: string;
  /** How often the server takes a rolling backup, in ms; undefined takes none. */
  backupEveryMs: number | undefined;
  /** How many rolling backups are kept, the newest. */
  backupKeep: number;
  /** OUTBOUND_ALLOW_PRIVATE: outbound requests may reach loopback and private addresses. */
  outboundAllowPrivate: boolean;
  /** Single sign-on, when OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set. */
  oidc: OidcConfig | undefined;
  /** OIDC_ONLY: password sign-in and sign-up are for administrators only. */
  oidcOnly: boolean;
  /** Who may sign up: anyone, only through an admin's invitation link, or only invited addresses. */
  registration: Registration;
  /** ADMIN_EMAILS, lower-case; empty makes the instance's first account its admin. */
  adminEmails: string[];
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
  if (!parsed.VAPID_PUBLIC_KEY !== !parsed.VAPID_PRIVATE_KEY) {
    throw new ConfigError(['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither']);
  }
  if (
    parsed.METRICS_PORT !== undefined &&
    parsed.METRICS_PORT !== 0 &&
    parsed.METRICS_PORT === parsed.PORT
  ) {
    throw new ConfigError(['METRICS_PORT: must differ from PORT']);
  }
  const oidc = oidcConfig(parsed);
  if (parsed.OIDC_ONLY && !oidc) {
    throw new ConfigError([
      'OIDC_ONLY: needs OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
    ]);
  }
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
    trustProxy: parsed.TRUST_PROXY,
    metricsToken: parsed.METRICS_TOKEN,
    metricsPort: parsed.METRICS_PORT,
    backupDir: path.resolve(parsed.BACKUP_DIR || path.join(parsed.DATA_DIR, 'backups')),
    backupEveryMs: parsed.BACKUP_EVERY,
    backupKeep: parsed.BACKUP_KEEP,
    outboundAllowPrivate: parsed.OUTBOUND_ALLOW_PRIVATE,
    registration: parsed.REGISTRATION,
    oidc,
    oidcOnly: parsed.OIDC_ONLY,
    adminEmails: parsed.ADMIN_EMAILS,
    vapidKeys:
      parsed.VAPID_PUBLIC_KEY && parsed.VAPID_PRIVATE_KEY
        ? { publicKey: parsed.VAPID_PUBLIC_KEY, privateKey: parsed.VAPID_PRIVATE_KEY }
        : undefined,
  };
}

/** The OIDC settings: all of issuer, client id and secret, or none (then no SSO). */
function oidcConfig(parsed: z.output<typeof envSchema>): OidcConfig | undefined {
  const {
    OIDC_ISSUER_URL: issuerUrl,
    OIDC_CLIENT_ID: clientId,
    OIDC_CLIENT_SECRET: clientSecret,
  } = parsed;
  if (!issuerUrl && !clientId && !clientSecret) {
    return undefined;
  }
  if (!issuerUrl || !clientId || !clientSecret) {
    throw new ConfigError([
      'OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three or none',
    ]);
  }
  return { issuerUrl, clientId, clientSecret, buttonLabel: parsed.OIDC_BUTTON_LABEL };
}
