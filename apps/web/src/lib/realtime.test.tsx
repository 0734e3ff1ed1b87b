import { DEFAULT_SETTINGS } from '@daywise/shared';
import { REALTIME_BACKOFF_MS, REALTIME_CLOSE, type RealtimeEvent } from '@daywise/shared';
import { dehydrate } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fakeApi } from '../test/fake-api';
import { createTestQueryClient, renderWithProviders } from '../test/render';
import { startFrom } from './drawn-state';
import { queryKeys } from './query-keys';
import {
  backoffDelay,
  connectRealtime,
  realtimeUrl,
  useRealtimeConnected,
  useRealtimeEvent,
} from './realtime';
import { useSettings } from './settings';

/** A WebSocket the test drives: it opens, receives and closes when the test says so. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((close: { code: number }) => void) | null = null;
  sent: string[] = [];
  closedByClient = false;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closedByClient = true;
  }
  serverOpens() {
    this.onopen?.();
  }
  serverSends(value: unknown) {
    this.onmessage?.({ data: JSON.stringify(value) });
  }
  serverCloses(code: number) {
    this.onclose?.({ code });
  }
}

const latest = () => {
  const socket = FakeSocket.all.at(-1);
  if (!socket) {
    throw new Error('no socket was opened');
  }
  return socket;
};

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('backoffDelay', () => {
  it('doubles from the initial wait to the cap, with up to half of it random', () => {
    expect(backoffDelay(0, () => 1)).toBe(REALTIME_BACKOFF_MS.initial);
    expect(backoffDelay(0, () => 0)).toBe(REALTIME_BACKOFF_MS.initial / 2);
    expect(backoffDelay(3, () => 1)).toBe(REALTIME_BACKOFF_MS.initial * 8);
    expect(backoffDelay(20, () => 1)).toBe(REALTIME_BACKOFF_MS.max);
  });

  it('builds the URL from the page: wss for https', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'daywise.example' })).toBe(
      'wss://daywise.example/api/realtime',
    );
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/realtime',
    );
  });
});

describe('connectRealtime', () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  const start = () => {
    const options = {
      url: 'ws://daywise.test/api/realtime',
      onEvent: vi.fn(),
      onConnectedChange: vi.fn(),
      onReconnect: vi.fn(),
      onSessionEnded: vi.fn(),
      random: () => 1,
    };
    const stop = connectRealtime(options);
    stops.push(stop);
    return { options, stop };
  };

  it('waits longer after each failure, and starts over after a successful open', () => {
    const { options } = start();
    const waits = [1000, 2000, 4000];
    for (const wait of waits) {
      latest().serverCloses(1006);
      const count = FakeSocket.all.length;
      vi.advanceTimersByTime(wait - 1);
      expect(FakeSocket.all).toHaveLength(count);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.all).toHaveLength(count + 1);
    }
    latest().serverOpens();
    expect(options.onReconnect).not.toHaveBeenCalled();
    latest().serverCloses(1006);
    vi.advanceTimersByTime(REALTIME_BACKOFF_MS.initial);
    expect(FakeSocket.all).toHaveLength(waits.length + 2);
    latest().serverOpens();
    expect(options.onReconnect).toHaveBeenCalledOnce();
  });

  it('does not reconnect after 4001, even when the browser comes back online', () => {
    const { options } = start();
    latest().serverOpens();
    latest().serverCloses(REALTIME_CLOSE.sessionEnded);
    expect(options.onSessionEnded).toHaveBeenCalledOnce();
    window.dispatchEvent(new Event('online'));
    vi.advanceTimersByTime(10 * REALTIME_BACKOFF_MS.max);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('reconnects at once when the browser comes back online', () => {
    start();
    latest().serverCloses(1006);
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('pings, and treats a ping left unanswered as a dead link', () => {
    const { options } = start();
    latest().serverOpens();
    vi.advanceTimersByTime(25_000);
    expect(latest().sent).toEqual([JSON.stringify({ type: 'ping' })]);
    latest().serverSends({ type: 'pong' });
    vi.advanceTimersByTime(25_000);
    expect(latest().sent).toHaveLength(2);
    vi.advanceTimersByTime(25_000);
    expect(latest().closedByClient).toBe(true);
    expect(options.onConnectedChange).toHaveBeenLastCalledWith(false);
    vi.advanceTimersByTime(REALTIME_BACKOFF_MS.initial);
    expect(FakeSocket.all).toHaveLength(2);
    expect(options.onEvent).not.toHaveBeenCalled();
  });

  it('closes the socket when stopped and opens no other', () => {
    const { stop } = start();
    const socket = latest();
    socket.serverOpens();
    stop();
    expect(socket.closedByClient).toBe(true);
    vi.advanceTimersByTime(10 * REALTIME_BACKOFF_MS.max);
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('RealtimeProvider and its hooks', () => {
  function Probe() {
    const connected = useRealtimeConnected();
    const [events, setEvents] = useState<RealtimeEvent[]>([]);
    useRealtimeEvent((event) => setEvents((seen) => [...seen, event]));
    return (
      <div>
        <p>{connected ? 'online' : 'offline'}</p>
        <ul>
          {events.map((event, index) => (
            <li key={index}>{event.type}</li>
          ))}
        </ul>
      </div>
    );
  }

  /** A page showing the settings, read as they are everywhere. */
  function SettingsReader() {
    return <p>{useSettings().settings.preferences.timezone}</p>;
  }

  /** What the server's renderer inlines: the reads it drew the page from. */
  const drawnState = () => {
    const server = createTestQueryClient();
    server.setQueryData(queryKeys.session, {
      user: { id: 'u1', name: 'Ada', email: 'ada@example.com', createdAt: '' },
    });
    server.setQueryData(queryKeys.settings, DEFAULT_SETTINGS);
    return dehydrate(server);
  };

  const renderSignedIn = () => {
    const client = createTestQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const view = renderWithProviders(<Probe />, {
      client,
      realtime: true,
      session: { id: 'u1', name: 'Ada', email: 'ada@example.com', createdAt: '' },
    });
    return { invalidate, view };
  };
  const invalidatedKeys = (invalidate: ReturnType<typeof renderSignedIn>['invalidate']) =>
    invalidate.mock.calls.map(([filters]) => filters?.queryKey);

  it('opens one socket for the signed-in user and shows whether it is connected', () => {
    const { view } = renderSignedIn();
    expect(FakeSocket.all.map((socket) => socket.url)).toEqual([
      'ws://localhost:3000/api/realtime',
    ]);
    expect(screen.getByText('offline')).toBeInTheDocument();
    act(() => latest().serverOpens());
    expect(screen.getByText('online')).toBeInTheDocument();
    act(() => latest().serverCloses(1006));
    expect(screen.getByText('offline')).toBeInTheDocument();
    view.unmount();
    vi.advanceTimersByTime(10 * REALTIME_BACKOFF_MS.max);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('passes events to listeners and refreshes the todo and plan queries', () => {
    const { invalidate } = renderSignedIn();
    act(() => latest().serverOpens());
    act(() => latest().serverSends({ type: 'chat.changed', chatId: 'c1' }));
    expect(screen.getByRole('listitem')).toHaveTextContent('chat.changed');
    expect(invalidate).not.toHaveBeenCalled();

    act(() => latest().serverSends({ type: 'todos.changed' }));
    expect(invalidatedKeys(invalidate)).toEqual([['todos'], ['analytics']]);
    invalidate.mockClear();
    act(() => latest().serverSends({ type: 'plans.changed' }));
    // Saved filters count by tag: their counts follow (ADR 0028).
    expect(invalidatedKeys(invalidate)).toEqual([
      ['plans'],
      ['tags'],
      ['analytics'],
      ['todos', 'saved-filters'],
    ]);
    invalidate.mockClear();
    act(() => latest().serverSends({ type: 'filters.changed' }));
    expect(invalidatedKeys(invalidate)).toEqual([['todos', 'saved-filters']]);
    invalidate.mockClear();
    // `#List/Section` matches a section by name.
    act(() => latest().serverSends({ type: 'sections.changed' }));
    expect(invalidatedKeys(invalidate)).toEqual([['todos', 'saved-filters']]);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });

  it('re-reads every query after a reconnect, not after the first connect', () => {
    const { invalidate } = renderSignedIn();
    act(() => latest().serverOpens());
    expect(invalidate).not.toHaveBeenCalled();
    act(() => latest().serverCloses(1006));
    act(() => {
      vi.advanceTimersByTime(REALTIME_BACKOFF_MS.initial);
    });
    act(() => latest().serverOpens());
    expect(invalidate).toHaveBeenCalledExactlyOnceWith();
  });

  it('re-reads what the server drew the page from when it first connects, not the session', async () => {
    const api = fakeApi().route('GET', '/api/settings', DEFAULT_SETTINGS);
    const client = createTestQueryClient();
    startFrom(client, drawnState());
    renderWithProviders(<SettingsReader />, { client, realtime: true });
    await act(() => Promise.resolve());
    // Drawn by the server, so not read as the page starts.
    expect(api.requests).toEqual([]);
    act(() => latest().serverOpens());
    await act(() => vi.runAllTimersAsync());
    // The settings again, not the session.
    expect(api.requests).toEqual(['GET /api/settings?timezone=UTC']);
  });

  it('re-reads every query when the server says events may have been lost (resync)', () => {
    const { invalidate } = renderSignedIn();
    act(() => latest().serverOpens());
    act(() => latest().serverSends({ type: 'resync' }));
    expect(invalidate).toHaveBeenCalledExactlyOnceWith();
  });

  it('re-reads the session when the server ends it (4001)', () => {
    const { invalidate } = renderSignedIn();
    act(() => latest().serverOpens());
    act(() => latest().serverCloses(REALTIME_CLOSE.sessionEnded));
    expect(invalidatedKeys(invalidate)).toEqual([queryKeys.session]);
  });

  it('reads as disconnected outside the provider', () => {
    renderWithProviders(<Probe />);
    expect(screen.getByText('offline')).toBeInTheDocument();
    expect(FakeSocket.all).toHaveLength(0);
  });
});
