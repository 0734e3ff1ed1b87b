import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { decrypt } from 'http_ece';

import type { PushPayload } from '../src/push/send';

export const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

export interface BrowserKeys {
  ecdh: ECDH;
  keys: { p256dh: string; auth: string };
}

/** A browser's side of a subscription: its P-256 key pair and 16-byte auth secret. */
export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return { ecdh, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } };
}

export interface ReceivedPush {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A push message's payload as the browser holding `browser`'s keys reads it. */
export function decryptPush(request: ReceivedPush | undefined, browser: BrowserKeys): PushPayload {
  const payload = decrypt(request?.body ?? Buffer.alloc(0), {
    version: 'aes128gcm',
    privateKey: browser.ecdh,
    authSecret: browser.keys.auth,
  });
  return JSON.parse(payload.toString('utf8')) as PushPayload;
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;

/**
 * A push service on loopback: records each request and answers with the status its path names
 * (`/201/...`, `/410/...`; a 3xx redirects to `/201/redirected`, a 500 says what it is). Plain
 * HTTP: the endpoint is stored by the service, below the route that accepts only https. The app
 * reaches it only when `origin` is among its `outboundAllowedOrigins`; any other loopback service
 * stands for the server's own network, which the outbound guard refuses (ADR 0022).
 */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.statusCode = Number(request.url?.split('/')[1]);
      if (response.statusCode >= 300 && response.statusCode < 400) {
        response.setHeader('location', '/201/redirected');
      }
      response.end(response.statusCode === 500 ? 'internal service: admin panel' : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    origin: `http://127.0.0.1:${port}`,
    endpoint: (status: number, name: string) => `http://127.0.0.1:${port}/${status}/${name}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
