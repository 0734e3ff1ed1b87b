import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedNotification {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type ChannelReceiver = Awaited<ReturnType<typeof startChannelReceiver>>;

/**
 * A receiver on loopback standing for a user's ntfy server, Gotify or webhook endpoint: records
 * each request and answers 200, or the status its path starts with (`/500/...`; a 3xx redirects
 * to `/200/redirected`), or what its `answer` says when a test sets it (a receiver that fails, then
 * recovers). The app reaches it only with OUTBOUND_ALLOW_PRIVATE=true.
 */
export async function startChannelReceiver() {
  const received: ReceivedNotification[] = [];
  const control: { answer: ((path: string) => number) | undefined } = { answer: undefined };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() });
      const named = control.answer?.(path) ?? Number(path.split('/')[1]);
      response.statusCode = named >= 200 && named < 600 ? named : 200;
      if (named >= 300 && named < 400) {
        response.setHeader('location', '/200/redirected');
      }
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    received,
    /** Sets the status each request is answered with, by its path. */
    set answer(answer: (path: string) => number) {
      control.answer = answer;
    },
    /** What reached `path`. */
    at: (path: string) => received.filter((request) => request.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
