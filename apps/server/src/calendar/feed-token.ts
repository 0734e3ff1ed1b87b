import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The secret in a calendar feed's address (issue 16): an HMAC-SHA256 of the user and the feed's
 * version under a key derived from the server's secret. Nothing secret is stored: the database
 * keeps only the version, so Settings can show the address again at any time, a database copy
 * alone cannot make an address, and rotating is `version + 1` (every earlier address stops
 * matching). Calendar apps send no credentials but the address, so the address must carry it.
 */
export function feedKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('daywise calendar feed v1').digest();
}

export function feedToken(key: Buffer, userId: string, version: number, filterId?: string): string {
  // A saved filter's feed (ADR 0028) has a secret of its own, so its address tells nothing of the
  // whole feed's or another filter's; it shares the version, so rotating the feed rotates it too.
  const subject = filterId === undefined ? '' : `\nfilter\n${filterId}`;
  return createHmac('sha256', key).update(`${userId}\n${version}${subject}`).digest('base64url');
}

/**
 * Whether `token` is the address secret of the user's feed at `version` (of one of their saved
 * filters when `filterId` is given), in constant time.
 */
export function isFeedToken(
  key: Buffer,
  userId: string,
  version: number,
  token: string,
  filterId?: string,
): boolean {
  const expected = Buffer.from(feedToken(key, userId, version, filterId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
