import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  checkOutboundUrl,
  createOutbound,
  isPublicAddress,
  OUTBOUND_MAX_BODY_BYTES,
  OutboundRefusedError,
} from './outbound';

/** A server on loopback that records each request and answers as `handle` says. */
async function startServer(handle: (request: IncomingMessage, response: ServerResponse) => void) {
  const received: string[] = [];
  const server = createServer((request, response) => {
    received.push(request.url ?? '');
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
type TestServer = Awaited<ReturnType<typeof startServer>>;

/** A resolver that gives each name the addresses listed, and counts its calls. */
function stubLookup(names: Record<string, string[]>) {
  const calls: string[] = [];
  const lookup: LookupFunction = (hostname, _options, callback) => {
    calls.push(hostname);
    const addresses: LookupAddress[] = (names[hostname] ?? []).map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
    callback(null, addresses);
  };
  return { lookup, calls };
}

const POST = { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' };

describe('isPublicAddress', () => {
  it('takes public unicast addresses, and IPv4 carried in mapped or NAT64 form by what it carries', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '2606:4700:4700::1111',
      '2a00:1450:4001:830::200e',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses every range that is not public, in every form', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '100.127.255.255',
      '169.254.169.254',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '192.0.0.1',
      '192.0.2.1',
      '198.18.0.1',
      '198.51.100.1',
      '203.0.113.1',
      '240.0.0.1',
      '::',
      '::1',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      'fec0::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::808:808',
      '2002:7f00:1::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:db8::1',
      '100::1',
      'localhost',
      'not an address',
      '',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe('the outbound guard', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer((_request, response) => {
      response.statusCode = 201;
      response.end('created');
    });
  });
  afterEach(() => server.close());

  it('refuses loopback whether written as an address or a name the real resolver knows', async () => {
    const outbound = createOutbound();
    for (const url of [
      `http://127.0.0.1:${server.port}/literal`,
      `http://localhost:${server.port}/by-name`,
      `http://[::ffff:127.0.0.1]:${server.port}/mapped`,
      `http://[::1]:${server.port}/v6`,
      `http://0x7f.1:${server.port}/hex`,
      `http://2130706433:${server.port}/decimal`,
      `https://127.0.0.1:${server.port}/https`,
    ]) {
      await expect(outbound(url, POST), url).rejects.toBeInstanceOf(OutboundRefusedError);
    }
    // A name with a trailing dot is another name to the resolver, and never reaches loopback.
    await expect(outbound(`http://localhost.:${server.port}/dot`, POST)).rejects.toThrow();
    expect(server.received).toEqual([]);
  });

  it('refuses a name that resolves to an address that is not public, among others or alone', async () => {
    const { lookup, calls } = stubLookup({
      'metadata.google.internal.': ['169.254.169.254'],
      '127.0.0.1.nip.io': ['127.0.0.1'],
      'localtest.me': ['127.0.0.1', '::1'],
      'office.example': ['10.1.2.3'],
      'mixed.example': ['93.184.215.14', '192.168.0.10'],
      'mapped.example': ['::ffff:127.0.0.1'],
      'nowhere.example': [],
    });
    const outbound = createOutbound({ lookup });
    for (const host of [
      'metadata.google.internal.',
      '127.0.0.1.nip.io',
      'localtest.me',
      'office.example',
      'mixed.example',
      'mapped.example',
      'nowhere.example',
    ]) {
      await expect(outbound(`http://${host}:${server.port}/x`, POST), host).rejects.toBeInstanceOf(
        OutboundRefusedError,
      );
    }
    expect(calls).toHaveLength(7);
    expect(server.received).toEqual([]);
  });

  it('resolves a name once, when it connects: a second answer cannot redirect the connection', async () => {
    // A rebinding resolver: public for the first question, loopback for any later one. Checking
    // the name and then connecting by it would ask twice and reach the server on loopback.
    let asked = 0;
    const lookup: LookupFunction = (_hostname, _options, callback) => {
      asked += 1;
      callback(null, [{ address: asked === 1 ? '8.8.8.8' : '127.0.0.1', family: 4 }]);
    };
    const outbound = createOutbound({ lookup, timeoutMs: 300 });
    // The checked public address is where it connects; that fails here (no such service).
    await expect(outbound(`http://rebind.example:${server.port}/x`, POST)).rejects.toThrow();
    expect(asked).toBe(1);
    expect(server.received).toEqual([]);
  });

  it('refuses schemes other than http and https', async () => {
    const outbound = createOutbound();
    for (const url of ['file:///etc/passwd', 'ftp://ftp.example.com/x', 'gopher://x.example/']) {
      await expect(outbound(url, POST), url).rejects.toBeInstanceOf(OutboundRefusedError);
    }
  });

  it('reaches a loopback origin only when a test allows exactly that origin', async () => {
    const allowed = createOutbound({ allowedOrigins: [server.origin] });
    expect(await allowed(`${server.origin}/send`, POST)).toEqual({
      status: 201,
      body: Buffer.from('created'),
    });
    const other = createOutbound({ allowedOrigins: [`http://127.0.0.1:${server.port + 1}`] });
    await expect(other(`${server.origin}/send`, POST)).rejects.toBeInstanceOf(OutboundRefusedError);
    expect(server.received).toEqual(['/send']);
  });
});

describe('the outbound guard against a misbehaving service', () => {
  let service: TestServer;
  afterEach(() => service.close());

  it('follows no redirect: the 3xx is the answer', async () => {
    service = await startServer((request, response) => {
      response.statusCode = request.url === '/start' ? 302 : 201;
      response.setHeader('location', '/elsewhere');
      response.end();
    });
    const outbound = createOutbound({ allowedOrigins: [service.origin] });
    expect((await outbound(`${service.origin}/start`, POST)).status).toBe(302);
    expect(service.received).toEqual(['/start']);
  });

  it('gives up on a service that never answers', async () => {
    service = await startServer(() => undefined);
    const outbound = createOutbound({ allowedOrigins: [service.origin], timeoutMs: 300 });
    await expect(outbound(`${service.origin}/hang`, POST)).rejects.toThrow(
      'no answer within 300 ms',
    );
  });

  it('gives up on an answer that never ends, the time counted from the start', async () => {
    service = await startServer((_request, response) => {
      response.writeHead(200);
      response.write('a little, and then nothing more');
    });
    const outbound = createOutbound({ allowedOrigins: [service.origin], timeoutMs: 300 });
    await expect(outbound(`${service.origin}/drip`, POST)).rejects.toThrow(
      'no full answer within 300 ms',
    );
  });

  it('reads no more than its cap of a large answer', async () => {
    service = await startServer((_request, response) => {
      response.statusCode = 500;
      response.end(Buffer.alloc(4 * 1024 * 1024, 'x'));
    });
    const outbound = createOutbound({ allowedOrigins: [service.origin] });
    const answer = await outbound(`${service.origin}/big`, POST);
    expect(answer.status).toBe(500);
    expect(answer.body).toHaveLength(OUTBOUND_MAX_BODY_BYTES);
  });
});

describe('OUTBOUND_ALLOW_PRIVATE (allowPrivate)', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer((_request, response) => {
      response.end('ok');
    });
  });
  afterEach(() => server.close());

  it('reaches loopback and private addresses, never link-local or metadata ones', async () => {
    const { lookup } = stubLookup({
      'nas.home.arpa': ['127.0.0.1'],
      'office.example': ['10.1.2.3'],
      'metadata.google.internal.': ['169.254.169.254'],
      'aws-v6.example': ['fd00:ec2::254'],
      'link.example': ['fe80::1'],
    });
    const outbound = createOutbound({ allowPrivate: true, lookup });
    expect((await outbound(`http://nas.home.arpa:${server.port}/x`, POST)).status).toBe(200);
    expect((await outbound(`http://127.0.0.1:${server.port}/y`, POST)).status).toBe(200);
    expect(server.received).toEqual(['/x', '/y']);
    await expect(
      checkOutboundUrl('http://office.example/', { allowPrivate: true, lookup }),
    ).resolves.toBeUndefined();
    for (const target of [
      'http://metadata.google.internal./computeMetadata',
      'http://aws-v6.example/',
      'http://link.example/',
      'http://169.254.169.254/latest',
      'http://[fd00:ec2::254]/',
      'http://0.0.0.0/',
    ]) {
      await expect(
        checkOutboundUrl(target, { allowPrivate: true, lookup }),
        target,
      ).rejects.toBeInstanceOf(OutboundRefusedError);
    }
    await expect(checkOutboundUrl('http://office.example/', { lookup })).rejects.toBeInstanceOf(
      OutboundRefusedError,
    );
  });
});
