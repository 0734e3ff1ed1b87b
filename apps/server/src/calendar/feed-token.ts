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

export function feedToken(key: Buffer, userId: string, version: number): string {
  return createHmac('sha256', key).update(`${userId}\n${version}`).digest('base64url');
}

/** Whether `token` is the address secret of the user's feed at `version`, in constant time. */
export function isFeedToken(key: Buffer, userId: string, version: number, token: string): boolean {
  const expected = Buffer.from(feedToken(key, userId, version));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
