import { Writable } from 'node:stream';

import { REALTIME_CLOSE } from '@daywise/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildApp } from '../../src/app';
import { ConfigError, loadConfig } from '../../src/config';
import { REALTIME_MAX_SOCKETS } from '../../src/realtime/routes';
import { accountClient, contactFrom } from '../account-client';
import {
  createTestApp,
  createTestDatabase,
  ENGINES,
  memoryMailer,
  SAME_ORIGIN,
  type TestApp,
  testConfig,
} from '../helpers';
import { httpRequest, listenOnFreePort, sendRaw } from '../raw-http';
import {
  connectRealtime,
  listenForRealtime,
  RefusedError,
  type TestSocket,
} from '../realtime-client';

/** An app whose JSON log lines are kept, as a log collector would receive them. */
async function appWithCapturedLogs(engine: (typeof ENGINES)[number]) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const testDatabase = await createTestDatabase(engine);
  const app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), {
    database: testDatabase.database,
    mailer: memoryMailer(),
    logStream: stream,
  });
  await app.ready();
  return {
    app,
    lines,
    close: async () => {
      await app.close();
      await testDatabase.drop();
    },
  };
}

describe.each(ENGINES)('request logs (%s)', (engine) => {
  let logged: Awaited<ReturnType<typeof appWithCapturedLogs>>;
  afterEach(() => logged.close());

  it('record paths without query strings, and no cookies', async () => {
    logged = await appWithCapturedLogs(engine);
    for (const url of [
      '/reset-password?userId=u1&secret=TOPSECRET-reset',
      '/verify-email?userId=u1&secret=TOPSECRET-verify',
      '/api/health?token=TOPSECRET-api',
    ]) {
      await logged.app.inject({
        method: 'GET',
        url,
        headers: { cookie: 'daywise.session_token=TOPSECRET-cookie' },
      });
    }
    const requests = logged.lines
      .map((line) => JSON.parse(line) as { req?: { path?: string } })
      .filter((entry) => entry.req);
    expect(requests.map((entry) => entry.req?.path)).toEqual([
      '/reset-password',
      '/verify-email',
      '/api/health',
    ]);
    expect(logged.lines.join('\n')).not.toContain('TOPSECRET');
  });

  it('keep Better Auth errors as single JSON lines, nothing on the console', async () => {
    logged = await appWithCapturedLogs(engine);
    const consoleSpies = (['log', 'info', 'warn', 'error'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation(() => undefined),
    );
    try {
      const context = await logged.app.auth.$context;
      context.logger.error('database unreachable', new Error('connect ECONNREFUSED'));
      for (const spy of consoleSpies) {
        expect(spy).not.toHaveBeenCalled();
      }
    } finally {
      consoleSpies.forEach((spy) => spy.mockRestore());
    }
    const entries = logged.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const entry = entries.find((candidate) => candidate.msg === 'database unreachable');
    expect(entry).toMatchObject({
      level: 50,
      source: 'better-auth',
      err: { message: 'connect ECONNREFUSED' },
    });
    expect(logged.lines.join('\n')).not.toContain('\u001b[');
  });
});

describe.each(ENGINES)('answers at the edge (%s)', (engine) => {
  let ctx: TestApp;
  afterEach(() => ctx.close());

  it('sends no-store on every API answer, refusals included', async () => {
    ctx = await createTestApp(engine);
    const cookie = await accountClient(ctx).signUpAndVerify();
    for (const url of ['/api/profile', '/api/todos', '/api/account/sessions', '/api/nowhere']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
      expect({ url, cacheControl: response.headers['cache-control'] }).toEqual({
        url,
        cacheControl: 'no-store',
      });
    }
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/profile' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('answers malformed JSON, bad URLs, huge headers and broken requests in our shape', async () => {
    ctx = await createTestApp(engine);
    const port = await listenOnFreePort(ctx.app);
    const json = 'application/json';
    const cases = [
      {
        bytes: httpRequest(
          'POST /api/contact HTTP/1.1',
          { host: 'x', 'content-type': json },
          '{"name":',
        ),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        bytes: httpRequest('POST /api/contact HTTP/1.1', { host: 'x', 'content-type': 'a/b' }, '1'),
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
      {
        bytes: httpRequest('GET /api/users/%E0%A4%A/picture HTTP/1.1', { host: 'x' }),
        status: 400,
        code: 'INVALID_REQUEST_TARGET',
      },
      {
        bytes: httpRequest('GET /api/health HTTP/1.1', { host: 'x', 'x-big': 'a'.repeat(20_000) }),
        status: 431,
        code: 'HEADERS_TOO_LARGE',
      },
      {
        bytes: Buffer.from('GET /api/health HTTP/1.1\r\nbroken header line\r\n\r\n'),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
    ];
    for (const { bytes, status, code } of cases) {
      const response = await sendRaw(port, bytes);
      expect({ code, status: response.status }).toEqual({ code, status });
      expect((JSON.parse(response.body) as { error: { code: string } }).error.code).toBe(code);
    }
  });
});

describe.each(ENGINES)('client addresses behind a proxy (%s)', (engine) => {
  let ctx: TestApp;
  afterEach(() => ctx.close());

  const sessionAddress = async (forwardedFor: string) => {
    const api = accountClient(ctx);
    await api.signUpAndVerify();
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: 'ada@example.com', password: 'Sunrise2026' },
      headers: {
        ...SAME_ORIGIN,
        'x-forwarded-for': forwardedFor,
        'x-daywise-client-ip': '192.0.2.66',
      },
    });
    expect(login.statusCode).toBe(200);
    const sessions = await ctx.app.inject({
      method: 'GET',
      url: '/api/account/sessions',
      headers: { cookie: api.sessionCookie(login) },
    });
    return sessions
      .json<{ sessions: { current: boolean; ipAddress: string | null }[] }>()
      .sessions.find((session) => session.current)?.ipAddress;
  };

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    ctx = await createTestApp(engine);
    expect(await sessionAddress('203.0.113.9')).toBe('127.0.0.1');
  });

  it('takes the client address from the trusted hops with TRUST_PROXY', async () => {
    ctx = await createTestApp(engine, { env: { TRUST_PROXY: '1' } });
    expect(await sessionAddress('198.51.100.7, 203.0.113.9')).toBe('203.0.113.9');
  });

  it('keys rate limits on the real client, whatever X-Forwarded-For claims', async () => {
    ctx = await createTestApp(engine);
    const send = (forwardedFor: string) => contactFrom(ctx, forwardedFor);
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await send(`203.0.113.${attempt}`)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('counts each client behind a trusted proxy apart', async () => {
    ctx = await createTestApp(engine, { env: { TRUST_PROXY: '127.0.0.1/8' } });
    const send = (forwardedFor: string) => contactFrom(ctx, forwardedFor);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await send('203.0.113.1')).statusCode).toBe(201);
    }
    expect((await send('203.0.113.1')).statusCode).toBe(429);
    expect((await send('203.0.113.2')).statusCode).toBe(201);
  });
});

describe.each(ENGINES)('websockets per user (%s)', (engine) => {
  let ctx: TestApp;
  const open: TestSocket[] = [];
  afterEach(async () => {
    open.forEach(({ socket }) => socket.terminate());
    open.length = 0;
    await ctx.close();
  });

  /** Opens a socket; the HTTP status if the upgrade is refused. */
  const attempt = async (url: string, cookie: string | undefined) => {
    try {
      const socket = await connectRealtime(url, cookie);
      open.push(socket);
      return socket;
    } catch (error) {
      if (error instanceof RefusedError) {
        return error.status;
      }
      throw error;
    }
  };

  it('refuses sockets beyond the per-session and per-user caps with 429', async () => {
    ctx = await createTestApp(engine);
    const url = await listenForRealtime(ctx.app);
    const api = accountClient(ctx);
    const first = await api.signUpAndVerify();
    for (let socket = 0; socket < REALTIME_MAX_SOCKETS.perSession; socket += 1) {
      expect(await attempt(url, first)).not.toBeTypeOf('number');
    }
    expect(await attempt(url, first)).toBe(429);

    const second = api.sessionCookie(await api.login());
    const remaining = REALTIME_MAX_SOCKETS.perUser - REALTIME_MAX_SOCKETS.perSession;
    for (let socket = 0; socket < remaining; socket += 1) {
      expect(await attempt(url, second)).not.toBeTypeOf('number');
    }
    const third = api.sessionCookie(await api.login());
    expect(await attempt(url, third)).toBe(429);

    // Another user is not affected; a closed socket frees its place.
    const grace = await api.signUpAndVerify('grace@example.com');
    expect(await attempt(url, grace)).not.toBeTypeOf('number');
    const closing = open.shift();
    closing?.socket.close();
    await closing?.closed;
    let reopened: TestSocket | number = 429;
    for (let tries = 0; tries < 50 && typeof reopened === 'number'; tries += 1) {
      reopened = await attempt(url, third);
    }
    expect(reopened).not.toBeTypeOf('number');
  });

  it('holds the cap when many upgrades arrive at once', async () => {
    ctx = await createTestApp(engine);
    const url = await listenForRealtime(ctx.app);
    const cookie = await accountClient(ctx).signUpAndVerify();
    const extra = 5;
    const results = await Promise.all(
      Array.from({ length: REALTIME_MAX_SOCKETS.perSession + extra }, () => attempt(url, cookie)),
    );
    // Each socket that opened either answers a ping (it stays) or was closed with 1008.
    const outcomes = await Promise.all(
      results.map((result) => {
        if (typeof result === 'number') {
          return Promise.resolve(result);
        }
        result.socket.send(JSON.stringify({ type: 'ping' }));
        return Promise.race([result.closed, result.next().then(() => 'kept')]);
      }),
    );
    expect(outcomes.filter((outcome) => outcome === 'kept')).toHaveLength(
      REALTIME_MAX_SOCKETS.perSession,
    );
    expect(
      outcomes
        .filter((outcome) => outcome !== 'kept')
        .every((outcome) => outcome === 429 || outcome === REALTIME_CLOSE.policyViolation),
    ).toBe(true);
  });
});

describe('TRUST_PROXY', () => {
  const parse = (value: string | undefined) =>
    loadConfig({ TRUST_PROXY: value, DATA_DIR: '/tmp/daywise-config' }, '/tmp/web').trustProxy;

  it('trusts nothing unless told, a hop count, or a list of addresses and CIDRs', () => {
    expect(parse(undefined)).toBe(false);
    expect(parse('')).toBe(false);
    expect(parse('2')).toBe(2);
    expect(parse('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else at start-up', () => {
    for (const value of ['true', '*', '10.0.0.0/33', 'proxy.example', '1.2.3.4,']) {
      expect(() => parse(value)).toThrow(ConfigError);
    }
  });
});
