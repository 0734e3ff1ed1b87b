import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs on embedded defaults with no settings at all', () => {
    const config = loadConfig({}, '/srv/web');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      appUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      logLevel: 'info',
      webDistDir: '/srv/web',
    });
  });

  it('reads every variable and drops a trailing slash from APP_URL', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        APP_URL: 'https://daywise.example.com/',
        DATA_DIR: '/var/lib/daywise',
        DATABASE_URL: 'postgres://daywise@db:5432/daywise',
        REDIS_URL: 'redis://cache:6379',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        MAIL_FROM: 'Daywise <hello@daywise.example.com>',
        LOG_LEVEL: 'warn',
      },
      '/srv/web',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      appUrl: 'https://daywise.example.com',
      dataDir: '/var/lib/daywise',
      databaseUrl: 'postgres://daywise@db:5432/daywise',
      redisUrl: 'redis://cache:6379',
      smtpUrl: 'smtp://127.0.0.1:2525',
      mailFrom: 'Daywise <hello@daywise.example.com>',
      logLevel: 'warn',
    });
  });

  it('treats empty optional URLs as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: ' ' }, '/w')).toMatchObject({
      databaseUrl: undefined,
      redisUrl: undefined,
    });
  });

  it('lists every bad variable by name', () => {
    let error: unknown;
    try {
      loadConfig(
        {
          PORT: 'eighty',
          DATABASE_URL: 'mysql://x',
          LOG_LEVEL: 'loud',
          APP_URL: 'ftp://x',
          AUTH_SECRET: 'too-short',
        },
        '/w',
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'APP_URL', 'AUTH_SECRET']) {
      expect(problems).toContain(`${name}:`);
    }
    expect(problems).toContain('must start with postgres:// or postgresql://');
  });

  it('takes a VAPID key pair only whole', () => {
    expect(
      loadConfig({ VAPID_PUBLIC_KEY: 'BPub_key-1', VAPID_PRIVATE_KEY: 'priv_key-2' }, '/w')
        .vapidKeys,
    ).toEqual({ publicKey: 'BPub_key-1', privateKey: 'priv_key-2' });
    expect(loadConfig({}, '/w').vapidKeys).toBeUndefined();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'BPub_key-1' }, '/w')).toThrow(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither',
    );
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: 'not base64!', VAPID_PRIVATE_KEY: 'x' }, '/w'),
    ).toThrow('VAPID_PUBLIC_KEY: must be base64url');
  });

  it('serves metrics only when METRICS_TOKEN or METRICS_PORT says so', () => {
    const token = 'a'.repeat(24) + '0123456789-_';
    expect(loadConfig({}, '/w')).toMatchObject({ metricsToken: undefined, metricsPort: undefined });
    expect(loadConfig({ METRICS_TOKEN: ' ', METRICS_PORT: '' }, '/w')).toMatchObject({
      metricsToken: undefined,
      metricsPort: undefined,
    });
    expect(loadConfig({ METRICS_TOKEN: ` ${token} `, METRICS_PORT: '9464' }, '/w')).toMatchObject({
      metricsToken: token,
      metricsPort: 9464,
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' }, '/w')).toThrow(
      'METRICS_TOKEN: must be at least 32 letters',
    );
    expect(() => loadConfig({ METRICS_TOKEN: `${token} spaced` }, '/w')).toThrow(
      'METRICS_TOKEN: must be at least 32 letters',
    );
    expect(() => loadConfig({ METRICS_PORT: 'nine' }, '/w')).toThrow('METRICS_PORT');
    expect(() => loadConfig({ METRICS_PORT: '70000' }, '/w')).toThrow('METRICS_PORT');
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' }, '/w')).toThrow(
      'METRICS_PORT: must differ from PORT',
    );
  });

  it('keeps no rolling backups unless BACKUP_EVERY is set, seven by default, in the data directory', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/daywise' }, '/w')).toMatchObject({
      backupDir: '/var/lib/daywise/backups',
      backupEveryMs: undefined,
      backupKeep: 7,
    });
    expect(
      loadConfig({ BACKUP_DIR: '/backups', BACKUP_EVERY: '24h', BACKUP_KEEP: '30' }, '/w'),
    ).toMatchObject({ backupDir: '/backups', backupEveryMs: 86_400_000, backupKeep: 30 });
    expect(loadConfig({ BACKUP_EVERY: '30m' }, '/w').backupEveryMs).toBe(1_800_000);
    expect(loadConfig({ BACKUP_EVERY: '7d' }, '/w').backupEveryMs).toBe(7 * 86_400_000);
    expect(loadConfig({ BACKUP_EVERY: ' ' }, '/w').backupEveryMs).toBeUndefined();
  });

  it('refuses a BACKUP_EVERY that is no duration, or under a minute, and a BACKUP_KEEP under one', () => {
    for (const every of ['24', 'daily', '0m', '30s', '1.5h', '-1h', '9999999d']) {
      expect(() => loadConfig({ BACKUP_EVERY: every }, '/w')).toThrow(
        'BACKUP_EVERY: must be a duration of at least a minute such as 30m, 24h or 7d',
      );
    }
    expect(() => loadConfig({ BACKUP_KEEP: '0' }, '/w')).toThrow('BACKUP_KEEP:');
    expect(() => loadConfig({ BACKUP_KEEP: 'all' }, '/w')).toThrow('BACKUP_KEEP:');
  });

  it('reaches private addresses only with OUTBOUND_ALLOW_PRIVATE=true', () => {
    expect(loadConfig({}, '/w').outboundAllowPrivate).toBe(false);
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE: 'false' }, '/w').outboundAllowPrivate).toBe(false);
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE: 'true' }, '/w').outboundAllowPrivate).toBe(true);
    expect(() => loadConfig({ OUTBOUND_ALLOW_PRIVATE: 'yes' }, '/w')).toThrow(
      'OUTBOUND_ALLOW_PRIVATE: must be true or false',
    );
  });

  it('opens sign-up by default and reads REGISTRATION', () => {
    expect(loadConfig({}, '/w').registration).toBe('open');
    expect(loadConfig({ REGISTRATION: 'invite' }, '/w').registration).toBe('invite');
    expect(loadConfig({ REGISTRATION: 'closed' }, '/w').registration).toBe('closed');
    expect(() => loadConfig({ REGISTRATION: 'private' }, '/w')).toThrow(
      'REGISTRATION: must be open, invite or closed',
    );
  });

  it('reads ADMIN_EMAILS as lower-case addresses and refuses what is not one', () => {
    expect(loadConfig({}, '/w').adminEmails).toEqual([]);
    expect(
      loadConfig({ ADMIN_EMAILS: ' Ada@Example.com, bob@example.org ,,ada@example.com' }, '/w')
        .adminEmails,
    ).toEqual(['ada@example.com', 'bob@example.org']);
    expect(() => loadConfig({ ADMIN_EMAILS: 'ada@example.com, ada' }, '/w')).toThrow(
      'ADMIN_EMAILS: must be email addresses separated by commas (not ada)',
    );
  });

  it('offers single sign-on only with issuer, client id and secret together', () => {
    expect(loadConfig({}, '/w')).toMatchObject({
      oidc: undefined,
      oidcOnly: false,
      adminEmails: [],
    });
    const sso = {
      OIDC_ISSUER_URL: 'https://auth.example.com/realms/home',
      OIDC_CLIENT_ID: 'daywise',
      OIDC_CLIENT_SECRET: 'a-secret',
    };
    expect(loadConfig(sso, '/w').oidc).toEqual({
      issuerUrl: 'https://auth.example.com/realms/home',
      clientId: 'daywise',
      clientSecret: 'a-secret',
      buttonLabel: 'Sign in with SSO',
    });
    expect(
      loadConfig({ ...sso, OIDC_BUTTON_LABEL: 'Sign in with Authentik' }, '/w').oidc,
    ).toMatchObject({ buttonLabel: 'Sign in with Authentik' });
    expect(() => loadConfig({ OIDC_ISSUER_URL: sso.OIDC_ISSUER_URL }, '/w')).toThrow(
      'set all three or none',
    );
    expect(() => loadConfig({ ...sso, OIDC_ISSUER_URL: 'auth.example.com' }, '/w')).toThrow(
      'OIDC_ISSUER_URL:',
    );
  });

  it('keeps password forms for admins only with OIDC_ONLY=true, which needs SSO', () => {
    const sso = {
      OIDC_ISSUER_URL: 'https://auth.example.com',
      OIDC_CLIENT_ID: 'daywise',
      OIDC_CLIENT_SECRET: 'a-secret',
    };
    expect(
      loadConfig(
        { ...sso, OIDC_ONLY: 'true', ADMIN_EMAILS: ' Ada@Example.com, bo@example.com ' },
        '/w',
      ),
    ).toMatchObject({ oidcOnly: true, adminEmails: ['ada@example.com', 'bo@example.com'] });
    expect(() => loadConfig({ OIDC_ONLY: 'true' }, '/w')).toThrow('OIDC_ONLY: needs');
    expect(() => loadConfig({ ...sso, OIDC_ONLY: 'yes' }, '/w')).toThrow('OIDC_ONLY:');
  });
});
