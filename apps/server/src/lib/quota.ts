import { ApiError } from './errors';

/**
 * Refuses a creation once a per-user quota is reached (ADR 0016), with 403 `QUOTA_EXCEEDED` and
 * a message that says which. The count is read before the insert, so two creations racing at
 * the very limit may both pass: a quota bounds growth, it is not an exact count.
 */
export function requireUnderQuota(count: number | string | bigint, max: number, message: string) {
  if (Number(count) >= max) {
    throw new ApiError('QUOTA_EXCEEDED', message);
  }
}
