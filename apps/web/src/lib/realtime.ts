import {
  REALTIME_BACKOFF_MS,
  REALTIME_CLOSE,
  type RealtimeEvent,
  type RealtimeEventType,
} from '@daywise/shared';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

import { readAgainWhatWasDrawn } from './drawn-state';
import { queryKeys } from './query-keys';
import { sessionEndedByServer, useSession } from './session';

/**
 * The client ping. The server's pings are invisible to page scripts, and a lost network can leave
 * a socket looking open for minutes: a ping without an answer by the next one means the link is
 * dead, so the client reconnects (and the social lists poll meanwhile) instead of waiting.
 */
const CLIENT_PING_MS = 25_000;
const PING = JSON.stringify({ type: 'ping' });

/**
 * The wait before reconnect attempt `attempt` (0 first): REALTIME_BACKOFF_MS doubling to its
 * cap, half of it random, so tabs that lost the same server do not all return at the same moment.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(REALTIME_BACKOFF_MS.max, REALTIME_BACKOFF_MS.initial * 2 ** attempt);
  return ceiling / 2 + (random() * ceiling) / 2;
}

/** /api/realtime on the page's own host, wss when the page is https. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/realtime`;
}

export interface RealtimeConnectionOptions {
  url: string;
  onEvent: (event: RealtimeEvent) => void;
  onConnectedChange: (connected: boolean) => void;
  /** Opened again after a drop: events sent meanwhile were missed. */
  onReconnect: () => void;
  /** The server ended the session (4001); the connection stays closed. */
  onSessionEnded: () => void;
  random?: () => number;
}

function parseEvent(data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string') {
    return null;
  }
  try {
    const value = JSON.parse(data) as { type?: unknown } | null;
    return typeof value?.type === 'string' && value.type !== 'pong'
      ? (value as RealtimeEvent)
      : null;
  } catch {
    return null;
  }
}

/**
 * Keeps one socket open (ADR 0011): reconnects after a drop with backoff (reset by a successful
 * open), at once when the browser comes back online, never after 4001. Returns `stop`.
 */
export function connectRealtime(options: RealtimeConnectionOptions): () => void {
  let socket: WebSocket | null = null;
  let connected = false;
  let opened = false;
  let attempt = 0;
  let awaitingPong = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let pinger: ReturnType<typeof setInterval> | undefined;

  /** Forgets the current socket; its late events can no longer reach us. */
  const drop = () => {
    clearInterval(pinger);
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = null;
      socket.close();
      socket = null;
    }
    if (connected) {
      connected = false;
      options.onConnectedChange(false);
    }
  };

  const reconnectLater = () => {
    retry = setTimeout(open, backoffDelay(attempt, options.random));
    attempt += 1;
  };

  function open() {
    retry = undefined;
    const current = new WebSocket(options.url);
    socket = current;
    current.onopen = () => {
      connected = true;
      attempt = 0;
      awaitingPong = false;
      options.onConnectedChange(true);
      if (opened) {
        options.onReconnect();
      }
      opened = true;
      pinger = setInterval(() => {
        if (awaitingPong) {
          drop();
          reconnectLater();
          return;
        }
        awaitingPong = true;
        current.send(PING);
      }, CLIENT_PING_MS);
    };
    current.onmessage = (message: MessageEvent) => {
      // Any frame shows the link is alive.
      awaitingPong = false;
      const event = parseEvent(message.data);
      if (event) {
        options.onEvent(event);
      }
    };
    current.onclose = (close: CloseEvent) => {
      drop();
      if (close.code === REALTIME_CLOSE.sessionEnded) {
        options.onSessionEnded();
      } else {
        reconnectLater();
      }
    };
  }

  const reconnectNow = () => {
    if (retry !== undefined) {
      clearTimeout(retry);
      open();
    }
  };
  window.addEventListener('online', reconnectNow);
  open();
  return () => {
    clearTimeout(retry);
    window.removeEventListener('online', reconnectNow);
    drop();
  };
}

/** The queries each event of the user's own data makes stale (other events are the features'). */
const STALE_QUERIES: Partial<Record<RealtimeEventType, readonly QueryKey[]>> = {
  // The dashboard's analytics count todos and plan tasks.
  'todos.changed': [queryKeys.todos.all, queryKeys.analytics.all],
  // A saved filter's count names tags, lists and sections: their changes move it too (ADR 0028).
  'plans.changed': [
    queryKeys.plans.all,
    queryKeys.tags.all,
    queryKeys.analytics.all,
    queryKeys.filters.all,
  ],
  'lists.changed': [queryKeys.lists.all, queryKeys.filters.all],
  'sections.changed': [queryKeys.filters.all],
  'filters.changed': [queryKeys.filters.all],
  // A stopped timer's minutes show on its item and in the analytics (ADR 0032).
  'focus.changed': [
    queryKeys.focus,
    queryKeys.todos.all,
    queryKeys.plans.all,
    queryKeys.analytics.all,
  ],
};

function invalidateFor(queryClient: QueryClient, event: RealtimeEvent): void {
  if (event.type === 'resync') {
    // The server may have lost events meant for us (ADR 0015): read everything again.
    void queryClient.invalidateQueries();
    return;
  }
  for (const queryKey of STALE_QUERIES[event.type] ?? []) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** What the provider shares: the connection state and the event listeners of this tab. */
function createHub() {
  const listeners = new Set<(event: RealtimeEvent) => void>();
  const watchers = new Set<() => void>();
  let connected = false;
  return {
    emit: (event: RealtimeEvent) => listeners.forEach((listener) => listener(event)),
    listen: (listener: (event: RealtimeEvent) => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    setConnected: (value: boolean) => {
      connected = value;
      watchers.forEach((watcher) => watcher());
    },
    watchConnected: (watcher: () => void) => {
      watchers.add(watcher);
      return () => {
        watchers.delete(watcher);
      };
    },
    isConnected: () => connected,
  };
}

type Hub = ReturnType<typeof createHub>;
const RealtimeContext = createContext<Hub | null>(null);

/**
 * One socket per tab while a user is signed in (mounted by the dashboard shell). Todo and plan
 * events refresh those queries; after a reconnect, or a `resync` from the server, every query is
 * read again, since events were missed. A 4001 close means the session ended elsewhere: the session is read again, so the page
 * leaves for /login, and a new signed-in user gets a new connection.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const userId = useSession().user?.id;
  const queryClient = useQueryClient();
  const [hub] = useState(createHub);

  useEffect(() => {
    if (!userId) {
      return undefined;
    }
    // Whether this connection has been open yet: what the server drew the page from is read
    // again the first time, for what changed before the page could hear it.
    let heard = false;
    return connectRealtime({
      url: realtimeUrl(window.location),
      onEvent: (event) => {
        invalidateFor(queryClient, event);
        hub.emit(event);
      },
      onConnectedChange: (connected) => {
        hub.setConnected(connected);
        if (connected && !heard) {
          heard = true;
          void readAgainWhatWasDrawn(queryClient);
        }
      },
      onReconnect: () => void queryClient.invalidateQueries(),
      onSessionEnded: () => sessionEndedByServer(queryClient),
    });
  }, [userId, queryClient, hub]);

  return createElement(RealtimeContext.Provider, { value: hub }, children);
}

const noWatch = () => () => undefined;

/** Whether the socket is open; outside the provider (a test, a public page) it never is. */
export function useRealtimeConnected(): boolean {
  const hub = useContext(RealtimeContext);
  return useSyncExternalStore(
    hub?.watchConnected ?? noWatch,
    () => hub?.isConnected() ?? false,
    () => false,
  );
}

/** Calls the latest `listener` with every event of this tab's socket; subscribes once. */
export function useRealtimeEvent(listener: (event: RealtimeEvent) => void): void {
  const hub = useContext(RealtimeContext);
  const latest = useRef(listener);
  useLayoutEffect(() => {
    latest.current = listener;
  });
  useEffect(() => hub?.listen((event) => latest.current(event)), [hub]);
}
