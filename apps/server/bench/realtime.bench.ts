/**
 * `npm run bench` (realtime part, issues 7 and 12): 200 signed-in users, each with a socket on
 * /api/realtime and paired with a friend in a chat; the time from sending a chat message
 * (`POST /api/chats/:id/messages` over HTTP) to its `message.created` arriving on the friend's
 * socket, p50 and p99 over 1,000 messages sent one at a time and 1,000 sent 20 at a time; and the
 * same for the send handler's own work called in process (the write, its events and their
 * delivery: no HTTP, session or rate limit), and for events published straight on the bus
 * (delivery alone: no request, no write). On SQLite in process; PostgreSQL with
 * BENCH_DATABASE_URL, the Redis bus with BENCH_REDIS_URL.
 *
 * With BENCH_REDIS_URL two app instances run on the same database and Redis (as two servers
 * behind a load balancer would), and every line is measured twice: same-instance (the request and
 * the friend's socket on instance A; the event still goes through Redis) and cross-instance (the
 * request on A, every socket on B). The channel is prefixed with REDIS_KEY_PREFIX, so benches
 * sharing one Redis keep apart. BENCH_REPEAT runs each line that many times, to see the noise.
 * Each line also shows the CPU time this process spent per message (server instances and bench
 * client together), which a busy machine disturbs less than latency.
 *
 * Each line shows the target of issue 12 (P3, ADR 0018) where one applies: a chat message sent
 * one at a time reaches the friend's socket within 20 ms at p99 on the in-process bus, and within
 * 30 ms on Redis across two instances.
 */
import { performance } from 'node:perf_hooks';

import type { RealtimeEvent } from '@daywise/shared';

import type { AppInstance } from '../src/lib/app-instance';
import type { TestApp } from '../test/helpers';
import type { TestSocket } from '../test/realtime-client';

// The test helpers read TEST_DATABASE_URL when they load, so it is set before they are imported.
if (process.env.BENCH_DATABASE_URL) {
  process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
}
const { createTestDatabase, memoryMailer, SAME_ORIGIN, testConfig } =
  await import('../test/helpers');
const { insertUser } = await import('../test/social-client');
const { connectRealtime, listenForRealtime } = await import('../test/realtime-client');
const { buildApp } = await import('../src/app');
const { sendMessage } = await import('../src/social/chats');
const { emitting } = await import('../src/social/events');

const USERS = 200;
const MESSAGES = 1000;
/** One message at a time (latency alone), then several (latency while the server is busy). */
const IN_FLIGHT = [1, 20];
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 1));
/** P3's p99 targets in ms, for a chat message sent one at a time (issue 12). */
const TARGET_P99_MS = { memory: 20, redis: 30 } as const;

/** A session for a user made straight in the database (no password hashing: quick). */
async function sessionCookie(app: AppInstance, userId: string): Promise<string> {
  const response: Response = await app.auth.api.startSession({
    body: { userId, rememberMe: true },
    headers: new Headers(),
    asResponse: true,
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) {
    throw new Error('no session cookie');
  }
  return cookie;
}

/**
 * One line: p50 and p99 of `times`, the CPU this process spent per message (server instances and
 * bench client together: steadier than latency on a shared machine), and the target if any.
 */
function report(label: string, times: number[], cpuMs: number, targetP99?: number): void {
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.floor(q * (times.length - 1))] ?? 0;
  const p99 = at(0.99);
  const target =
    targetP99 === undefined
      ? 'no target'
      : `target p99 <= ${targetP99} ms: ${p99 <= targetP99 ? 'met' : 'NOT MET'}`;
  const ms = (value: number) => `${value.toFixed(2).padStart(7)} ms`;
  console.log(
    `${label.padEnd(76)} p50 ${ms(at(0.5))}   p99 ${ms(p99)}   CPU ${ms(cpuMs / times.length)}` +
      `/message   (n=${times.length})   ${target}`,
  );
}

/** Runs `measure` and reports its times with the CPU it took. */
async function measured(
  label: string,
  measure: () => Promise<number[]>,
  targetP99?: number,
): Promise<void> {
  const before = process.cpuUsage();
  const times = await measure();
  const cpu = process.cpuUsage(before);
  report(label, times, (cpu.user + cpu.system) / 1000, targetP99);
}

/** Runs `task(0..count-1)` with at most `limit` running at once. */
async function pool(count: number, limit: number, task: (i: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      await task(i);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

async function main(): Promise<void> {
  const engine = process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite';
  const redisUrl = process.env.BENCH_REDIS_URL;
  const redisKeyPrefix = `${process.env.REDIS_KEY_PREFIX ?? 'bench'}:realtime-bench-${Date.now().toString(36)}`;
  const testDatabase = await createTestDatabase(engine);
  const config = testConfig({ REDIS_URL: redisUrl });
  const start = async (database: typeof testDatabase.database) => {
    const app = await buildApp(config, {
      database,
      mailer: memoryMailer(),
      logger: false,
      redisKeyPrefix,
    });
    await app.ready();
    return { app, url: await listenForRealtime(app) };
  };
  const a = await start(testDatabase.database);
  // A second instance only where there is a bus between instances.
  const b = redisUrl ? await start(testDatabase.openAnother()) : undefined;
  if (b && a.app.redis) {
    // Both instances hear the channel before anything is published on it.
    const channel = `${redisKeyPrefix}:realtime`;
    for (;;) {
      const [, listeners] = (await a.app.redis.pubsub('NUMSUB', channel)) as [string, number];
      if (listeners === 2) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const base = a.url.replace('ws://', 'http://').replace('/api/realtime', '');
  const db = testDatabase.database.db;

  const users = await Promise.all(
    Array.from({ length: USERS }, async (_, i) => {
      const id = await insertUser({ database: testDatabase.database } as TestApp, {
        name: `User ${i}`,
        email: `user${i}@example.com`,
      });
      return { id, cookie: await sessionCookie(a.app, id) };
    }),
  );
  // Pairs (0,1), (2,3), ...: friends written directly, the chat opened through the API.
  const pairs: { a: (typeof users)[number]; b: (typeof users)[number]; chatId: string }[] = [];
  for (let i = 0; i < USERS; i += 2) {
    const [first, second] = [users[i], users[i + 1]];
    if (!first || !second) {
      throw new Error('an odd number of users');
    }
    const [user1_id, user2_id] =
      first.id < second.id ? [first.id, second.id] : [second.id, first.id];
    await db
      .insertInto('friendships')
      .values({ user1_id, user2_id, created_at: new Date().toISOString() })
      .execute();
    const chat = await a.app.inject({
      method: 'POST',
      url: '/api/chats',
      headers: { ...SAME_ORIGIN, cookie: first.cookie },
      payload: { friendId: second.id },
    });
    if (chat.statusCode >= 300) {
      throw new Error(`POST /api/chats answered ${chat.statusCode}: ${chat.body}`);
    }
    pairs.push({ a: first, b: second, chatId: chat.json<{ id: string }>().id });
  }

  /**
   * Receipts awaited, by recipient and a key the event carries: the sender's own socket gets
   * `message.created` too, and must not count.
   */
  const waiting = new Map<string, () => void>();
  /** Every user's socket on the instance at `url`, 200 connected users. */
  const connectAll = async (url: string): Promise<TestSocket[]> => {
    const sockets = await Promise.all(users.map((user) => connectRealtime(url, user.cookie)));
    sockets.forEach(({ socket }, index) => {
      const userId = users[index]?.id ?? '';
      socket.on('message', (data: Buffer) => {
        const event = JSON.parse(data.toString('utf8')) as RealtimeEvent;
        const key =
          event.type === 'message.created'
            ? event.message.content
            : event.type === 'chat.changed'
              ? event.chatId
              : undefined;
        const done = waiting.get(`${userId} ${key}`);
        if (done) {
          waiting.delete(`${userId} ${key}`);
          done();
        }
      });
    });
    return sockets;
  };
  const closeAll = async (sockets: TestSocket[]) => {
    sockets.forEach(({ socket }) => socket.close());
    await Promise.all(sockets.map(({ closed }) => closed));
  };
  /** Times `send` until `recipientId`'s socket receives the event carrying `key`. */
  const timed = async (recipientId: string, key: string, send: () => Promise<void>) => {
    const received = new Promise<void>((resolve) => waiting.set(`${recipientId} ${key}`, resolve));
    const began = performance.now();
    await Promise.all([send(), received]);
    return performance.now() - began;
  };

  /**
   * 1,000 chat messages, `inFlight` at a time, each sent by `send` and timed to the friend's
   * socket. Each user sends in turn, both ways, so no one nears the 60-a-minute message limit.
   */
  const sendRound = async (
    inFlight: number,
    round: string,
    send: (sender: (typeof users)[number], chatId: string, content: string) => Promise<void>,
  ) => {
    const times: number[] = [];
    await pool(MESSAGES, inFlight, async (i) => {
      const pair = pairs[i % pairs.length];
      if (!pair) {
        return;
      }
      const [sender, recipient] =
        Math.floor(i / pairs.length) % 2 === 0 ? [pair.a, pair.b] : [pair.b, pair.a];
      const content = `bench message ${round}.${i}`;
      times.push(await timed(recipient.id, content, () => send(sender, pair.chatId, content)));
    });
    return times;
  };

  /** Over HTTP to instance A. */
  const sendMessages = (inFlight: number, round: string) =>
    sendRound(inFlight, round, async (sender, chatId, content) => {
      const response = await fetch(`${base}/api/chats/${chatId}/messages`, {
        method: 'POST',
        headers: { ...SAME_ORIGIN, cookie: sender.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ content }),
      });
      if (response.status !== 201) {
        throw new Error(`send answered ${response.status}: ${await response.text()}`);
      }
    });

  /**
   * Through the send handler's own work on instance A, without HTTP, session or rate limit: the
   * write's queries, its events and their delivery.
   */
  const sendInProcess = (inFlight: number, round: string) =>
    sendRound(inFlight, round, async (sender, chatId, content) => {
      await emitting(
        a.app.events,
        db.transaction().execute((trx) => sendMessage(trx, sender.id, chatId, content, new Date())),
      );
    });

  /** The same through instance A's `app.realtime.publish`: delivery alone, no request, no write. */
  const publishEvents = async (inFlight: number, round: string) => {
    const times: number[] = [];
    await pool(MESSAGES, inFlight, async (i) => {
      const pair = pairs[i % pairs.length];
      if (!pair) {
        return;
      }
      const chatId = `bus-${round}.${i}`;
      times.push(
        await timed(pair.b.id, chatId, () => {
          a.app.realtime.publish([pair.b.id], { type: 'chat.changed', chatId });
          return Promise.resolve();
        }),
      );
    });
    return times;
  };

  const modes = b
    ? [
        { name: 'same instance', sockets: a.url, target: TARGET_P99_MS.redis },
        { name: 'A -> B', sockets: b.url, target: TARGET_P99_MS.redis },
      ]
    : [{ name: 'in process', sockets: a.url, target: TARGET_P99_MS.memory }];
  console.log(
    `Realtime on ${engine} with the ${redisUrl ? 'Redis' : 'in-process'} bus` +
      `${b ? ', two instances' : ''}, ${USERS} connected users, ${MESSAGES} messages per line:`,
  );
  let round = 0;
  for (const mode of modes) {
    const sockets = await connectAll(mode.sockets);
    for (const inFlight of IN_FLIGHT) {
      for (let repeat = 0; repeat < REPEAT; repeat += 1) {
        round += 1;
        const key = String(round);
        await measured(
          `${mode.name}: chat message, send -> friend socket, ${inFlight} in flight`,
          () => sendMessages(inFlight, key),
          inFlight === 1 ? mode.target : undefined,
        );
      }
      for (let repeat = 0; repeat < REPEAT; repeat += 1) {
        round += 1;
        const key = String(round);
        await measured(
          `${mode.name}: send handler alone (write, events) -> socket, ${inFlight} in flight`,
          () => sendInProcess(inFlight, key),
        );
      }
      for (let repeat = 0; repeat < REPEAT; repeat += 1) {
        round += 1;
        const key = String(round);
        await measured(`${mode.name}: bus alone, publish -> socket, ${inFlight} in flight`, () =>
          publishEvents(inFlight, key),
        );
      }
    }
    await closeAll(sockets);
  }

  await a.app.close();
  await b?.app.close();
  await testDatabase.drop();
}

await main();
