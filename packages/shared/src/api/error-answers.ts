import { z } from 'zod';

import { ERROR_CODES, type ErrorCode } from '../errors';
import type { Endpoint } from './endpoint';

/** The error codes any endpoint may answer with, whatever it declares. */
const COMMON_ERRORS = [
  'VALIDATION_FAILED',
  'FORBIDDEN_ORIGIN',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
] as const satisfies readonly ErrorCode[];

/** What a retried create may answer when it names an Idempotency-Key (ADR 0016). */
const IDEMPOTENCY_ERRORS = [
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_IN_PROGRESS',
] as const satisfies readonly ErrorCode[];

/** Every error answer: `{ "error": { "code", "message", "fields"?, "position"? } }`. */
export const apiErrorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      /** FILTER_INVALID: the 0-based offset in the query where it stops parsing. */
      position: z.number().int().min(0).optional(),
    }),
  })
  .meta({ id: 'ApiError' });

/** The codes an endpoint answers with, by HTTP status. */
export function errorStatuses(endpoint: Endpoint): Map<number, ErrorCode[]> {
  const codes = new Set<ErrorCode>([
    ...COMMON_ERRORS,
    ...(endpoint.access === 'user' ? (['UNAUTHENTICATED'] as const) : []),
    ...(endpoint.cookieOnly ? (['COOKIE_ONLY'] as const) : []),
    ...(endpoint.access === 'user' && !endpoint.cookieOnly && endpoint.method !== 'GET'
      ? (['TOKEN_READ_ONLY'] as const)
      : []),
    ...(endpoint.idempotent ? IDEMPOTENCY_ERRORS : []),
    ...endpoint.errors,
  ]);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}
