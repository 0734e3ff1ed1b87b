import net from 'node:net';

import type { AppInstance } from '../src/lib/app-instance';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Listens on a free port on 127.0.0.1 and returns it. */
export async function listenOnFreePort(app: AppInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') {
    throw new Error('no TCP address');
  }
  return address.port;
}

/** Parses one HTTP/1.1 response (the whole of what the server sent before closing). */
export function parseResponse(raw: string): RawResponse {
  const end = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: raw.slice(end + 4) };
}

/**
 * Sends exactly these bytes over a new TCP connection, as an attacker's script would (no client
 * library normalises the request line), and reads the answer until the server closes.
 */
export function sendRaw(port: number, bytes: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseResponse(Buffer.concat(chunks).toString('utf8'))));
    socket.write(bytes);
  });
}

/** A request's bytes: the request line as given, the headers, `Connection: close`, the body. */
export function httpRequest(
  requestLine: string,
  headers: Record<string, string>,
  body: string | Buffer = '',
): Buffer {
  const head = [
    requestLine,
    ...Object.entries({
      ...headers,
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    }).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  return Buffer.concat([Buffer.from(`${head}\r\n\r\n`), Buffer.from(body)]);
}
