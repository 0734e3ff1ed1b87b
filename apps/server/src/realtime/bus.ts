import { EventEmitter } from 'node:events';

import type { RealtimeEvent } from '@daywise/shared';

/**
 * Carries realtime events to the sockets that should receive them (DESIGN §3). Feature code calls
 * `publish` after its change is committed; the websocket route subscribes per connected user.
 * In process by default; with REDIS_URL every instance sees every event (realtime/redis-bus.ts).
 */
export interface RealtimeBus {
  /** Sends `event` to every socket of every user in `userIds`, on every instance. */
  publish: (userIds: readonly string[], event: RealtimeEvent) => void;
  /** Calls `listener` with each event for `userId`; returns the unsubscribe function. */
  subscribe: (userId: string, listener: (event: RealtimeEvent) => void) => () => void;
  close: () => Promise<void>;
}

/** One process: an emitter keyed by user id. */
export function createMemoryBus(): RealtimeBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(userIds, event) {
      for (const userId of new Set(userIds)) {
        emitter.emit(userId, event);
      }
    },
    subscribe(userId, listener) {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
    close: () => Promise.resolve(),
  };
}
