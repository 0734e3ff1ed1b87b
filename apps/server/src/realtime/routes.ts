import {
  REALTIME_CLOSE,
  REALTIME_INBOUND_RATE_LIMIT,
  REALTIME_MAX_INBOUND_BYTES,
  REALTIME_PING_MS,
} from '@daywise/shared';
import websocket, { type WebSocket } from '@fastify/websocket';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RawData } from 'ws';
import { z } from 'zod';

import { readSession, sessionEndsAt } from '../auth/session';
import type { AppInstance } from '../lib/app-instance';
import { ApiError } from '../lib/errors';
import { routeSchema } from '../lib/route';
import { isEnded } from './bus';

/**
 * ws itself refuses frames above this without reading them (answering 1009). It sits above
 * REALTIME_MAX_INBOUND_BYTES so that an oversized frame within it gets the contract's 1008.
 */
const HARD_MAX_PAYLOAD_BYTES = 4 * REALTIME_MAX_INBOUND_BYTES;
/** On shutdown, sockets whose client does not answer the close frame are cut after this. */
const SHUTDOWN_CLOSE_GRACE_MS = 1000;
const GOING_AWAY = 1001;
/**
 * Open sockets one user, and one session, may hold on this instance: a tab holds one, so these
 * leave room for many tabs and devices while keeping a script from opening thousands (ADR 0014).
 */
export const REALTIME_MAX_SOCKETS = { perUser: 20, perSession: 10 } as const;
const PONG = JSON.stringify({ type: 'pong' });

export interface Connection {
  socket: Pick<WebSocket, 'ping' | 'terminate' | 'close'>;
  sessionId: string;
  /** Whether the socket answered the last ping. */
  alive: boolean;
  /** When the session expires, as known at the upgrade; it is read again then. */
  expiresAt: number;
  /** Re-reads the session: whether it still exists, and until when. */
  recheck: () => Promise<number | null>;
}

/**
 * One heartbeat tick: a socket that missed the previous ping's pong is dead (a lost
 * network leaves TCP open for minutes), so it is cut; the others are pinged again. A session past
 * its known expiry is read again, since use elsewhere may have extended it.
 */
export function sweep(connections: Iterable<Connection>, now: number): void {
  for (const connection of connections) {
    if (!connection.alive) {
      connection.socket.terminate();
      continue;
    }
    connection.alive = false;
    connection.socket.ping();
    if (now >= connection.expiresAt) {
      connection.expiresAt = Number.POSITIVE_INFINITY;
      connection.recheck().then(
        (expiresAt) => {
          if (expiresAt === null) {
            connection.socket.close(REALTIME_CLOSE.sessionEnded, 'Session ended');
          } else {
            connection.expiresAt = expiresAt;
          }
        },
        () => {
          connection.expiresAt = now;
        },
      );
    }
  }
}

function asBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) {
    return data;
  }
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

function isPing(frame: Buffer): boolean {
  try {
    return (JSON.parse(frame.toString('utf8')) as { type?: unknown } | null)?.type === 'ping';
  } catch {
    return false;
  }
}

/**
 * Inbound frames carry nothing but pings, so anything larger than a ping's allowance or faster
 * than REALTIME_INBOUND_RATE_LIMIT is abuse: the socket is closed with 1008 (ADR 0011).
 */
function inboundGuard(socket: WebSocket) {
  let windowStart = 0;
  let count = 0;
  return (data: RawData, isBinary: boolean) => {
    const frame = asBuffer(data);
    const now = Date.now();
    if (now - windowStart >= REALTIME_INBOUND_RATE_LIMIT.windowMs) {
      windowStart = now;
      count = 0;
    }
    count += 1;
    if (count > REALTIME_INBOUND_RATE_LIMIT.max || frame.length > REALTIME_MAX_INBOUND_BYTES) {
      socket.close(REALTIME_CLOSE.policyViolation, 'Too many or too large frames');
    } else if (!isBinary && isPing(frame)) {
      socket.send(PONG);
    }
  };
}

type RealtimeSession = NonNullable<Awaited<ReturnType<typeof readSession>>>;

/** Whether the user, or the session, already holds as many sockets as it may. */
function atSocketLimit(
  connections: Iterable<{ userId: string; sessionId: string }>,
  session: RealtimeSession,
): boolean {
  let forUser = 0;
  let forSession = 0;
  for (const connection of connections) {
    if (connection.userId === session.user.id) {
      forUser += 1;
      if (connection.sessionId === session.session.id) {
        forSession += 1;
      }
    }
  }
  return forUser >= REALTIME_MAX_SOCKETS.perUser || forSession >= REALTIME_MAX_SOCKETS.perSession;
}

/**
 * How the API reference describes the websocket. It is no JSON endpoint, so it has no contract:
 * the upgrade answers 101, and a refused upgrade the usual error body, by the same rule as every
 * other route.
 */
function realtimeSchema() {
  const { response, ...schema } = routeSchema({
    method: 'GET',
    path: '/api/realtime',
    summary: "The websocket that pushes the signed-in user's realtime events (ADR 0011)",
    tag: 'Realtime',
    access: 'user',
    // It checks the session cookie itself, before the upgrade.
    cookieOnly: true,
    response: null,
    errors: ['TOO_MANY_CONNECTIONS'],
  });
  const refusals = Object.entries(response).filter(([status]) => Number(status) >= 400);
  return {
    ...schema,
    response: {
      101: z
        .null()
        .describe(
          'Switching Protocols: the socket is open. The server sends one JSON text frame per ' +
            'event (RealtimeEvent in @daywise/shared) and answers {"type":"ping"} with ' +
            '{"type":"pong"}; it closes with 4001 when the session ends and 1008 on abuse.',
        ),
      ...Object.fromEntries(refusals),
    },
  };
}

/** GET /api/realtime: the websocket of ADR 0011, one per browser tab. */
export async function realtimeRoutes(app: AppInstance): Promise<void> {
  const connections = new Set<Connection & { socket: WebSocket; userId: string }>();
  const appOrigin = new URL(app.config.appUrl).origin;
  const sessions = new WeakMap<FastifyRequest, RealtimeSession>();

  await app.register(websocket, {
    options: { maxPayload: HARD_MAX_PAYLOAD_BYTES },
    // Graceful shutdown: clients reconnect, to whichever instance is still up.
    preClose: async () => {
      for (const { socket } of connections) {
        socket.close(GOING_AWAY, 'Server shutting down');
      }
      setTimeout(() => {
        connections.forEach(({ socket }) => socket.terminate());
      }, SHUTDOWN_CLOSE_GRACE_MS).unref();
    },
  });

  const heartbeat = setInterval(() => sweep(connections, Date.now()), REALTIME_PING_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  // `wsHandler` rather than `websocket: true`, which would hide the route from the API reference;
  // a request that is no upgrade still gets the same empty 404.
  app.route({
    method: 'GET',
    url: '/api/realtime',
    schema: realtimeSchema(),
    handler: (_request, reply: FastifyReply) => {
      void reply.code(404).send();
    },
    // Refused before the upgrade, as a plain HTTP answer. Browsers send Origin on every
    // websocket and cookies go with it, so without this check any site could listen in.
    preValidation: async (request) => {
      if (request.headers.origin !== appOrigin) {
        throw new ApiError('FORBIDDEN_ORIGIN');
      }
      const session = await readSession(app, request);
      if (!session) {
        throw new ApiError('UNAUTHENTICATED');
      }
      if (atSocketLimit(connections, session)) {
        throw new ApiError('TOO_MANY_CONNECTIONS');
      }
      sessions.set(request, session);
    },
    wsHandler: (socket, request) => {
      const session = sessions.get(request);
      if (!session) {
        socket.close(REALTIME_CLOSE.sessionEnded, 'Session ended');
        return;
      }
      // Upgrades that passed the check together: the ones beyond the limit are closed at once.
      if (atSocketLimit(connections, session)) {
        socket.close(REALTIME_CLOSE.policyViolation, 'Too many connections');
        return;
      }
      const userId = session.user.id;
      const connection = {
        socket,
        userId,
        sessionId: session.session.id,
        alive: true,
        expiresAt: sessionEndsAt(session.session),
        recheck: async () => {
          const current = await readSession(app, request);
          return current ? sessionEndsAt(current.session) : null;
        },
      };
      connections.add(connection);
      app.metrics.socketOpened();
      const unsubscribe = [
        app.realtime.subscribe(userId, (_event, frame) => socket.send(frame, { binary: false })),
        app.realtime.onSessionsEnded(userId, (target) => {
          if (isEnded(target, connection.sessionId)) {
            socket.close(REALTIME_CLOSE.sessionEnded, 'Session ended');
          }
        }),
      ];
      socket.on('pong', () => {
        connection.alive = true;
      });
      socket.on('message', inboundGuard(socket));
      socket.on('close', () => {
        connections.delete(connection);
        app.metrics.socketClosed();
        unsubscribe.forEach((stop) => stop());
      });
    },
  });
}
