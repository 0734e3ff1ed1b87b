import { EventEmitter } from 'node:events';

import type { RealtimeEvent } from '@daywise/shared';

/** Which of a user's sockets to close: all of them, one session's, or all but one session's. */
declare module 'fastify' {
  interface FastifyInstance {
    /** Realtime events to users' sockets (realtime/bus.ts). */
    realtime: RealtimeBus;
  }
}

export interface SessionsToEnd {
  userId: string;
  sessionId?: string;
  exceptSessionId?: string;
}

/**
 * Receives an event for a user, with the text frame every socket sends for it: serialized once
 * per event, not once per socket (ADR 0018). The frame is shared: listeners must not change it.
 */
export type RealtimeListener = (event: RealtimeEvent, frame: Buffer) => void;

/**
 * Carries realtime events to the sockets that should receive them. Features publish from their
 * domain-event subscribers (`<feature>/events.ts`), so only committed changes are told; the
 * websocket route subscribes per connected user.
 * In process by default; with REDIS_URL every instance sees every event (realtime/redis-bus.ts).
 */
export interface RealtimeBus {
  /** Sends `event` to every socket of every user in `userIds`, on every instance. */
  publish: (userIds: readonly string[], event: RealtimeEvent) => void;
  /** Calls `listener` with each event for `userId`; returns the unsubscribe function. */
  subscribe: (userId: string, listener: RealtimeListener) => () => void;
  /**
   * Closes sockets whose session ended (logout, password reset, account deletion, a revoked
   * session), on every instance: a socket outlives the cookie check made at its upgrade.
   */
  endSessions: (target: SessionsToEnd) => void;
  /** Calls `listener` when `endSessions` names `userId`; returns the unsubscribe function. */
  onSessionsEnded: (userId: string, listener: (target: SessionsToEnd) => void) => () => void;
  close: () => Promise<void>;
}

/**
 * What travels between instances: an event for some users, sessions to end, or a resync for every
 * socket (events may have been lost).
 */
export type BusMessage =
  | { kind: 'event'; userIds: readonly string[]; event: RealtimeEvent }
  | { kind: 'end'; target: SessionsToEnd }
  | { kind: 'resync' };

const RESYNC: RealtimeEvent = { type: 'resync' };
const RESYNC_FRAME = frameOf(RESYNC);

/** The JSON text frame sockets send for `event`. */
function frameOf(event: RealtimeEvent): Buffer {
  return Buffer.from(JSON.stringify(event));
}

/** Whether a socket of `sessionId` is one `target` names. */
export function isEnded(target: SessionsToEnd, sessionId: string): boolean {
  return (
    (target.sessionId === undefined || target.sessionId === sessionId) &&
    target.exceptSessionId !== sessionId
  );
}

/**
 * Delivery to this process's subscribers, keyed by user id. The memory bus sends every message
 * straight here; the Redis bus sends it here when Redis hands it back.
 */
export function createLocalDelivery() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const on = <A extends unknown[]>(channel: string, listener: (...args: A) => void) => {
    emitter.on(channel, listener);
    return () => {
      emitter.off(channel, listener);
    };
  };
  return {
    deliver(message: BusMessage): void {
      if (message.kind === 'event') {
        const { event } = message;
        // Made on first use: an event for users with no socket here costs nothing.
        let frame: Buffer | undefined;
        for (const userId of new Set(message.userIds)) {
          const channel = `event:${userId}`;
          if (emitter.listenerCount(channel) > 0) {
            frame ??= frameOf(event);
            emitter.emit(channel, event, frame);
          }
        }
      } else if (message.kind === 'resync') {
        for (const channel of emitter.eventNames()) {
          if (typeof channel === 'string' && channel.startsWith('event:')) {
            emitter.emit(channel, RESYNC, RESYNC_FRAME);
          }
        }
      } else {
        emitter.emit(`end:${message.target.userId}`, message.target);
      }
    },
    subscribe: (userId: string, listener: RealtimeListener) => on(`event:${userId}`, listener),
    onSessionsEnded: (userId: string, listener: (target: SessionsToEnd) => void) =>
      on(`end:${userId}`, listener),
  };
}

/** One process: messages are delivered as they are sent. */
export function createMemoryBus(): RealtimeBus {
  const local = createLocalDelivery();
  return {
    publish: (userIds, event) => local.deliver({ kind: 'event', userIds, event }),
    subscribe: local.subscribe,
    endSessions: (target) => local.deliver({ kind: 'end', target }),
    onSessionsEnded: local.onSessionsEnded,
    close: () => Promise.resolve(),
  };
}
