/**
 * `npm run bench` (realtime part, issue 7): 200 signed-in users, each with a socket on
 * /api/realtime and paired with a friend in a chat; the time from sending a chat message
 * (`POST /api/chats/:id/messages` over HTTP) to its `message.created` arriving on the friend's
 * socket, p50 and p99 over 1,000 messages sent one at a time and 1,000 sent 20 at a time; and the
 * same for events published straight on the bus (delivery alone: no request, no write). On
 * SQLite in process; PostgreSQL with BENCH_DATABASE_URL, the Redis bus with BENCH_REDIS_URL.
 */
import { performance } from 'node:perf_hooks';

import type { RealtimeEvent } from '@daywise/shared';

// The test helpers read TEST_DATABASE_URL when they load, so it is set before they are imported.
if (process.env.BENCH_DATABASE_URL) {
  process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
}
const { createTestApp, SAME_ORIGIN } = await import('../test/helpers');
const { insertUser } = await import('../test/social-client');
const { connectRealtime, listenForRealtime } = await import('../test/realtime-client');

const USERS = 200;
const MESSAGES = 1000;
/** One message at a time (latency alone), then several (latency while the server is busy). */
const IN_FLIGHT = [1, 20];

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

/** A session for a user made straight in the database (no password hashing: quick). */
async function sessionCookie(ctx: Ctx, userId: string): Promise<string> {
  const response: Response = await ctx.app.auth.api.startSession({
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

function report(label: string, times: number[]): void {
  times.sort((a, b) => a - b);
  const at = (q: number) => (times[Math.floor(q * (times.length - 1))] ?? 0).toFixed(2);
  console.log(`${label.padEnd(52)} p50 ${at(0.5)} ms   p99 ${at(0.99)} ms   (n=${times.length})`);
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
  const ctx = await createTestApp(engine, { env: { REDIS_URL: redisUrl } });
  const url = await listenForRealtime(ctx.app);
  const base = url.replace('ws://', 'http://').replace('/api/realtime', '');

  const users = await Promise.all(
    Array.from({ length: USERS }, async (_, i) => {
      const id = await insertUser(ctx, { name: `User ${i}`, email: `user${i}@example.com` });
      return { id, cookie: await sessionCookie(ctx, id) };
    }),
  );
  // Pairs (0,1), (2,3), ...: friends written directly, the chat opened through the API.
  const pairs: { a: (typeof users)[number]; b: (typeof users)[number]; chatId: string }[] = [];
  for (let i = 0; i < USERS; i += 2) {
    const [a, b] = [users[i], users[i + 1]];
    if (!a || !b) {
      throw new Error('an odd number of users');
    }
    const [user1_id, user2_id] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
    await ctx.database.db
      .insertInto('friendships')
      .values({ user1_id, user2_id, created_at: new Date().toISOString() })
      .execute();
    const chat = await ctx.app.inject({
      method: 'POST',
      url: '/api/chats',
      headers: { ...SAME_ORIGIN, cookie: a.cookie },
      payload: { friendId: b.id },
    });
    if (chat.statusCode >= 300) {
      throw new Error(`POST /api/chats answered ${chat.statusCode}: ${chat.body}`);
    }
    pairs.push({ a, b, chatId: chat.json<{ id: string }>().id });
  }

  /**
   * Receipts awaited, by recipient and a key the event carries: the sender's own socket gets
   * `message.created` too, and must not count.
   */
  const waiting = new Map<string, () => void>();
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
  /** Times `send` until `recipientId`'s socket receives the event carrying `key`. */
  const timed = async (recipientId: string, key: string, send: () => Promise<void>) => {
    const received = new Promise<void>((resolve) => waiting.set(`${recipientId} ${key}`, resolve));
    const began = performance.now();
    await Promise.all([send(), received]);
    return performance.now() - began;
  };

  /** 1,000 chat messages sent over HTTP, `inFlight` at a time, each timed to the friend's socket. */
  const sendMessages = async (inFlight: number, round: number) => {
    const times: number[] = [];
    await pool(MESSAGES, inFlight, async (i) => {
      const pair = pairs[i % pairs.length];
      if (!pair) {
        return;
      }
      // Each user sends in turn, both ways, so no one nears the 60-a-minute message limit.
      const [sender, recipient] =
        Math.floor(i / pairs.length) % 2 === 0 ? [pair.a, pair.b] : [pair.b, pair.a];
      const content = `bench message ${round}.${i}`;
      times.push(
        await timed(recipient.id, content, async () => {
          const response = await fetch(`${base}/api/chats/${pair.chatId}/messages`, {
            method: 'POST',
            headers: { ...SAME_ORIGIN, cookie: sender.cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ content }),
          });
          if (response.status !== 201) {
            throw new Error(`send answered ${response.status}: ${await response.text()}`);
          }
        }),
      );
    });
    return times;
  };

  /** The same through `app.realtime.publish`: delivery alone, no request, no write. */
  const publishEvents = async (inFlight: number, round: number) => {
    const times: number[] = [];
    await pool(MESSAGES, inFlight, async (i) => {
      const pair = pairs[i % pairs.length];
      if (!pair) {
        return;
      }
      const chatId = `bus-${round}.${i}`;
      times.push(
        await timed(pair.b.id, chatId, () => {
          ctx.app.realtime.publish([pair.b.id], { type: 'chat.changed', chatId });
          return Promise.resolve();
        }),
      );
    });
    return times;
  };

  console.log(
    `Realtime on ${engine} with the ${redisUrl ? 'Redis' : 'in-process'} bus, ` +
      `${USERS} connected users, ${MESSAGES} messages per line:`,
  );
  for (const [round, inFlight] of IN_FLIGHT.entries()) {
    report(
      `chat message, send -> friend socket, ${inFlight} in flight`,
      await sendMessages(inFlight, round),
    );
    report(`bus publish -> socket, ${inFlight} in flight`, await publishEvents(inFlight, round));
  }

  sockets.forEach(({ socket }) => socket.close());
  await ctx.close();
}

await main();
