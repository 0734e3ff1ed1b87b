import { randomBytes } from 'node:crypto';

/**
 * An opaque id: 128 random bits as 32 lowercase hex characters. Alphanumeric and long enough for
 * the verification-link format check (at least 10 alphanumeric characters).
 */
export function newId(): string {
  return randomBytes(16).toString('hex');
}
