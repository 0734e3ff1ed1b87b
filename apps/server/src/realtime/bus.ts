import { EventEmitter } from 'node:events';

import type { RealtimeEvent } from '@daywise/shared';

/** Which of a user's sockets to close: all of them, one session's, or all but one session's. */
export interface SessionsToEnd {
  userId: string;
  sessionId?: string;
  exceptSessionId?: string;
}

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
  subscribe: (userId: string, listener: (event: RealtimeEvent) => void) => () => void;
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
  const on = <T>(channel: string, listener: (value: T) => void) => {
    emitter.on(channel, listener);
    return () => {
      emitter.off(channel, listener);
    };
  };
  return {
    deliver(message: BusMessage): void {
      if (message.kind === 'event') {
        for (const userId of new Set(message.userIds)) {
          emitter.emit(`event:${userId}`, message.event);
        }
      } else if (message.kind === 'resync') {
        for (const channel of emitter.eventNames()) {
          if (typeof channel === 'string' && channel.startsWith('event:')) {
            emitter.emit(channel, RESYNC);
          }
        }
      } else {
        emitter.emit(`end:${message.target.userId}`, message.target);
      }
    },
    subscribe: (userId: string, listener: (event: RealtimeEvent) => void) =>
      on(`event:${userId}`, listener),
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
