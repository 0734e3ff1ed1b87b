import type { Redis } from 'ioredis';

import { type BusMessage, createLocalDelivery, type RealtimeBus } from './bus';

/**
 * Realtime across instances (DESIGN §2, ADR 0011): every message goes to one Redis channel that
 * every instance subscribes to, and each instance delivers it to the sockets it holds. A message
 * is delivered only when Redis hands it back, never also at once, so the publishing instance's
 * sockets get it exactly once too.
 *
 * Redis pub/sub keeps nothing: while an instance's subscription is down its sockets miss events,
 * as they do while a browser is offline; the web client re-reads its queries after a reconnect.
 */
export function createRedisBus(
  redis: Redis,
  channel: string,
  onError: (error: unknown, what: string) => void,
): RealtimeBus {
  const local = createLocalDelivery();
  // A connection in subscriber mode can run no other command, so it is a connection of its own.
  // It subscribes again on every (re)connection, including when Redis was down at start-up.
  const subscriber = redis.duplicate({ autoResubscribe: false });
  subscriber.on('error', (error) => onError(error, 'realtime subscriber connection error'));
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).catch((error: unknown) => onError(error, 'realtime subscribe'));
  });
  subscriber.on('message', (from: string, payload: string) => {
    if (from !== channel) {
      return;
    }
    try {
      local.deliver(JSON.parse(payload) as BusMessage);
    } catch (error) {
      onError(error, 'unreadable realtime message');
    }
  });

  const send = (message: BusMessage) => {
    redis
      .publish(channel, JSON.stringify(message))
      .catch((error: unknown) => onError(error, 'realtime publish'));
  };
  return {
    publish: (userIds, event) => send({ kind: 'event', userIds, event }),
    subscribe: local.subscribe,
    endSessions: (target) => send({ kind: 'end', target }),
    onSessionsEnded: local.onSessionsEnded,
    close: async () => {
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
