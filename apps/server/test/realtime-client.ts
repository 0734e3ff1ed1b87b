import WebSocket from 'ws';

import type { AppInstance } from '../src/lib/app-instance';
import { TEST_APP_URL } from './helpers';

/** The upgrade was answered with an HTTP status instead of a websocket. */
export class RefusedError extends Error {
  constructor(readonly status: number) {
    super(`websocket refused with ${status}`);
  }
}

export interface TestSocket {
  socket: WebSocket;
  /** The next JSON frame, in arrival order; waits for it. */
  next: () => Promise<unknown>;
  /** Frames that arrived and no `next()` has taken yet. */
  pending: unknown[];
  /** Resolves with the close code once the socket is closed. */
  closed: Promise<number>;
}

/** Listens on a free port (websockets need a real server) and returns /api/realtime's URL. */
export async function listenForRealtime(app: AppInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') {
    throw new Error('no TCP address');
  }
  return `ws://127.0.0.1:${address.port}/api/realtime`;
}

/** Opens a socket as a page of ours would (Origin APP_URL, the session cookie); null: no Origin. */
export function connectRealtime(
  url: string,
  cookie: string | undefined,
  origin: string | null = TEST_APP_URL,
): Promise<TestSocket> {
  const headers = { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) };
  const socket = new WebSocket(url, { headers });
  const pending: unknown[] = [];
  const waiting: ((value: unknown) => void)[] = [];
  socket.on('message', (data) => {
    // binaryType is 'nodebuffer', so every frame is one Buffer.
    const value: unknown = JSON.parse((data as Buffer).toString('utf8'));
    const waiter = waiting.shift();
    if (waiter) {
      waiter(value);
    } else {
      pending.push(value);
    }
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const next = () =>
    pending.length > 0
      ? Promise.resolve(pending.shift())
      : new Promise<unknown>((resolve) => waiting.push(resolve));
  return new Promise((resolve, reject) => {
    socket.on('unexpected-response', (request, response) => {
      reject(new RefusedError(response.statusCode ?? 0));
      request.destroy();
    });
    socket.on('error', reject);
    socket.on('open', () => resolve({ socket, next, pending, closed }));
  });
}
