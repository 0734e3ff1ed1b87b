import dns, { type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

import ipaddr from 'ipaddr.js';

/**
 * The one way the server makes HTTP requests to addresses its users give it (push services
 * today; webhooks and notification services later), ADR 0022. A user-given URL must never reach
 * the server's own network, so the guard:
 * - resolves the name itself and refuses it when any address it resolves to is not public
 *   unicast (loopback, private, CGNAT, link-local and cloud metadata, unique-local, multicast,
 *   unspecified, broadcast, reserved and documentation ranges, and IPv6 forms that carry or stand
 *   for another address), and connects to the very addresses it checked: the check is the
 *   connection's own `lookup`, so no second resolution can answer differently (DNS rebinding);
 * - follows no redirect (node:http never does): a 3xx is the answer, for the caller to count as
 *   a failure;
 * - gives up after OUTBOUND_TIMEOUT_MS in all, and reads at most OUTBOUND_MAX_BODY_BYTES of the
 *   answer.
 * With OUTBOUND_ALLOW_PRIVATE=true (a home server whose ntfy or Gotify is on the same network,
 * ADR 0037) loopback, private, CGNAT and unique-local addresses are reached too; link-local ones
 * (cloud metadata at 169.254.169.254, fe80::/10) and every other special range stay refused.
 */

/** Connecting, sending and reading the answer together take at most this long. */
export const OUTBOUND_TIMEOUT_MS = 5_000;
/** The most of an answer's body that is read; the rest is dropped with the connection. */
export const OUTBOUND_MAX_BODY_BYTES = 16 * 1024;

/** The guard refused the request: its address is not on the public internet, or not http(s). */
export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
}

export interface OutboundOptions {
  /** OUTBOUND_ALLOW_PRIVATE: also reach loopback and private networks, never link-local ones. */
  allowPrivate?: boolean;
  /**
   * Tests only: origins (`http://127.0.0.1:45678`) reached although their address is not public,
   * for the tests' fake services on loopback. buildApp takes them from its dependencies
   * (`outboundAllowedOrigins`), which main.ts never sets and no environment variable reaches.
   */
  allowedOrigins?: readonly string[];
  /** Resolves names (dns.lookup); unit tests stub it to give a name any address. */
  lookup?: LookupFunction;
  timeoutMs?: number;
  maxBodyBytes?: number;
}

export interface OutboundRequest {
  method: string;
  headers: Record<string, string>;
  body?: Buffer | string;
}

export interface OutboundResponse {
  status: number;
  /** The start of the answer's body, at most `maxBodyBytes`. */
  body: Buffer;
}

export type Outbound = (url: string, request: OutboundRequest) => Promise<OutboundResponse>;

/** IPv6 global unicast (RFC 4291); everything outside it is special. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** NAT64's well-known prefix (RFC 6052): the last 32 bits are an IPv4 address, checked as one. */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * Whether `text` is an IP address on the public internet. IPv4-mapped and NAT64 addresses are
 * judged by the IPv4 address they carry; IPv4-compatible, 6to4 and Teredo forms are refused with
 * every other range outside public unicast.
 */
export function isPublicAddress(text: string): boolean {
  if (!ipaddr.isValid(text)) {
    return false;
  }
  const address = ipaddr.process(text);
  if (address.kind() === 'ipv4') {
    return address.range() === 'unicast';
  }
  if (address.match(NAT64)) {
    const embedded = ipaddr.fromByteArray(address.toByteArray().slice(12));
    return embedded.range() === 'unicast';
  }
  return address.range() === 'unicast' && address.match(GLOBAL_UNICAST);
}

/** Ranges OUTBOUND_ALLOW_PRIVATE opens (ipaddr.js's names); link-local is not among them. */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'carrierGradeNat', 'uniqueLocal']);
/** Cloud metadata services outside link-local (AWS's IPv6 one, Alibaba's): refused even then. */
const METADATA = new Set(
  ['fd00:ec2::254', '100.100.100.200'].map((text) => ipaddr.parse(text).toNormalizedString()),
);

/**
 * Whether the guard lets a request reach `text`: a public address, or with `allowPrivate` a
 * loopback or private one too (never link-local: cloud metadata services live there).
 */
export function isReachableAddress(text: string, allowPrivate: boolean): boolean {
  if (isPublicAddress(text)) {
    return true;
  }
  if (!allowPrivate || !ipaddr.isValid(text)) {
    return false;
  }
  const address = ipaddr.process(text);
  return PRIVATE_RANGES.has(address.range()) && !METADATA.has(address.toNormalizedString());
}

/** A `lookup` for net.connect that hands on only reachable addresses, and fails for any other. */
function publicOnlyLookup(resolve: LookupFunction, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, found) => {
      if (error) {
        callback(error, '');
        return;
      }
      const addresses = found as LookupAddress[];
      const refused = addresses.find(({ address }) => !isReachableAddress(address, allowPrivate));
      const [first] = addresses;
      if (refused || !first) {
        callback(
          new OutboundRefusedError(
            `${hostname} resolves to ${refused?.address ?? 'nothing'}, not a public address`,
          ),
          '',
        );
      } else if (options.all) {
        callback(null, addresses);
      } else {
        callback(null, first.address, first.family);
      }
    });
  };
}

/** Reads at most `maxBytes` of an answer, then drops the rest with the connection. */
function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk.subarray(0, maxBytes - size));
      size = Math.min(maxBytes, size + chunk.length);
      if (size === maxBytes) {
        resolve(Buffer.concat(chunks));
        response.destroy();
      }
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', reject);
    // Destroyed before its end: the time ran out (the request's `error` says so) or the peer
    // hung up.
    response.on('close', () => {
      if (!response.complete) {
        reject(new Error('the answer was cut off'));
      }
    });
  });
}

/** The outbound request function, with the test allowance if any (see OutboundOptions). */
export function createOutbound(options: OutboundOptions = {}): Outbound {
  const allowed = new Set(options.allowedOrigins ?? []);
  const allowPrivate = options.allowPrivate ?? false;
  const lookup = publicOnlyLookup(options.lookup ?? dns.lookup, allowPrivate);
  const timeoutMs = options.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? OUTBOUND_MAX_BODY_BYTES;

  return async (target, { method, headers, body }) => {
    const url = new URL(target);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new OutboundRefusedError(`${url.protocol} is not http(s)`);
    }
    const trusted = allowed.has(url.origin);
    // net.connect resolves names only: an address written in the URL is checked here.
    const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (!trusted && isIP(literal) !== 0 && !isReachableAddress(literal, allowPrivate)) {
      throw new OutboundRefusedError(`${literal} is not a public address`);
    }
    const signal = AbortSignal.timeout(timeoutMs);
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const outgoing = client.request(url, {
        method,
        headers,
        signal,
        // A connection of its own, made through this request's lookup: a pooled keep-alive one
        // may have been opened without it.
        agent: false,
        ...(trusted ? {} : { lookup }),
      });
      outgoing.on('response', resolve);
      outgoing.on('error', (error) => {
        reject(signal.aborted ? new Error(`no answer within ${timeoutMs} ms`) : error);
      });
      outgoing.end(body);
    });
    const answer = await readCapped(response, maxBodyBytes).catch((error: unknown) => {
      throw signal.aborted ? new Error(`no full answer within ${timeoutMs} ms`) : error;
    });
    return { status: response.statusCode ?? 0, body: answer };
  };
}

/**
 * Checks, before a URL is saved, that the guard would reach it now: http(s), and every address
 * its name resolves to reachable (see isReachableAddress). Throws OutboundRefusedError otherwise,
 * or when the name does not resolve. The guard checks again on every request (DNS may change).
 */
export async function checkOutboundUrl(
  target: string,
  options: Pick<OutboundOptions, 'allowPrivate' | 'allowedOrigins' | 'lookup'> = {},
): Promise<void> {
  const url = new URL(target);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new OutboundRefusedError(`${url.protocol} is not http(s)`);
  }
  if ((options.allowedOrigins ?? []).includes(url.origin)) {
    return;
  }
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const lookup = publicOnlyLookup(options.lookup ?? dns.lookup, options.allowPrivate ?? false);
  if (isIP(literal) !== 0) {
    if (!isReachableAddress(literal, options.allowPrivate ?? false)) {
      throw new OutboundRefusedError(`${literal} is not a public address`);
    }
    return;
  }
  await new Promise<void>((resolve, reject) => {
    lookup(literal, { all: true }, (error) => {
      if (error) {
        reject(
          error instanceof OutboundRefusedError
            ? error
            : new OutboundRefusedError(`${literal} could not be found`),
        );
      } else {
        resolve();
      }
    });
  });
}
