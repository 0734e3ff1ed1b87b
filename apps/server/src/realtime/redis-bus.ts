import type { Redis } from 'ioredis';

import { watchConnection } from '../lib/redis';
import { type BusMessage, createLocalDelivery, type RealtimeBus } from './bus';

/**
 * While publishes keep failing, this instance's sockets are told to resync at most this often:
 * each resync makes every open page re-read its queries, which must not hit the database with
 * every event published during an outage. A failure inside the interval gets its resync at the
 * interval's end, so no lost event goes unsignalled.
 */
const LOCAL_RESYNC_INTERVAL_MS = 5000;

/**
 * Realtime across instances (ADR 0011): every message goes to one Redis channel that
 * every instance subscribes to, and each instance delivers it to the sockets it holds. A message
 * is delivered only when Redis hands it back, never also at once, so the publishing instance's
 * sockets get it exactly once too.
 *
 * Redis pub/sub keeps nothing: while an instance's subscription is down its sockets miss events,
 * as they do while a browser is offline. So (ADR 0015) when the subscription comes back after a
 * drop, this instance sends a `resync` event to each of its sockets; and when a publish fails,
 * its own sockets get one (at once, or within LOCAL_RESYNC_INTERVAL_MS while failures go on) and,
 * on the next publish that goes through, every instance's do. The web client then re-reads its queries, as after its own reconnect.
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
  watchConnection(subscriber);
  // Whether events may have been missed since the last subscription: only a drop after a
  // subscription (or a failure before the first) can lose any.
  let subscribed = false;
  let dropped = false;
  subscriber.on('error', (error) => {
    dropped = true;
    onError(error, 'realtime subscriber connection error');
  });
  subscriber.on('close', () => {
    dropped ||= subscribed;
  });
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        subscribed = true;
        if (dropped) {
          dropped = false;
          local.deliver({ kind: 'resync' });
        }
      },
      (error: unknown) => {
        onError(error, 'realtime subscribe');
        // A subscription that failed on a live connection is not retried by a reconnect.
        subscriber.disconnect(true);
      },
    );
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

  let lastLocalResync = 0;
  let pendingLocalResync: ReturnType<typeof setTimeout> | undefined;
  const resyncLocally = () => {
    if (pendingLocalResync) {
      return;
    }
    const deliver = () => {
      pendingLocalResync = undefined;
      lastLocalResync = Date.now();
      local.deliver({ kind: 'resync' });
    };
    const wait = lastLocalResync + LOCAL_RESYNC_INTERVAL_MS - Date.now();
    if (wait <= 0) {
      deliver();
    } else {
      pendingLocalResync = setTimeout(deliver, wait);
    }
  };

  let publishFailed = false;
  const send = (message: BusMessage) => {
    redis.publish(channel, JSON.stringify(message)).then(
      () => {
        if (publishFailed) {
          publishFailed = false;
          send({ kind: 'resync' });
        }
      },
      (error: unknown) => {
        onError(error, 'realtime publish');
        publishFailed = true;
        // Sessions must end at least on this instance; the others recheck at session expiry.
        if (message.kind === 'end') {
          local.deliver(message);
        }
        resyncLocally();
      },
    );
  };
  return {
    publish: (userIds, event) => send({ kind: 'event', userIds, event }),
    subscribe: local.subscribe,
    endSessions: (target) => send({ kind: 'end', target }),
    onSessionsEnded: local.onSessionsEnded,
    close: async () => {
      clearTimeout(pendingLocalResync);
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
