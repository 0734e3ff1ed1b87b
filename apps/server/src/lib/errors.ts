import { type ApiErrorBody, ERROR_CODES, type ErrorCode } from '@daywise/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error the API answers with on purpose: its code decides the status, its message is shown. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_CODES[code].message,
    readonly fields?: Record<string, string>,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'ApiError';
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
      },
    };
  }
}

/** Maps Fastify's own error codes to ours. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  // @fastify/multipart: only picture uploads are multipart.
  FST_REQ_FILE_TOO_LARGE: 'IMAGE_TOO_LARGE',
  FST_FILES_LIMIT: 'INVALID_IMAGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'INVALID_IMAGE',
};

/**
 * Failures that mean PostgreSQL, SQLite or Redis cannot serve right now, not that the request was
 * wrong (ADR 0015): PostgreSQL's connection, shutdown, overload and cancellation classes; the
 * socket errors and timeouts of pg, the pg pool and ioredis; a busy or closed SQLite file.
 */
const UNAVAILABLE_SQLSTATES = /^(08|57P0[1-3]$|53300$|57014$)/;
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'SQLITE_BUSY',
]);
const UNAVAILABLE_MESSAGES = [
  'Query read timeout',
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Command timed out',
  'Connection is closed',
  "Stream isn't writeable",
  'The database connection is not open',
  'driver has already been destroyed',
];

/**
 * Whether `error`, or an error it wraps (Better Auth and Kysely wrap the driver's), says a
 * database or Redis is unavailable.
 */
export function isDependencyUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_NODE_CODES.has(code) ||
        (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATES.test(code)))
    ) {
      return true;
    }
    const { message } = current;
    if (UNAVAILABLE_MESSAGES.some((known) => message.includes(known))) {
      return true;
    }
    if (current instanceof AggregateError && current.errors.some(isDependencyUnavailable)) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

function toApiError(error: FastifyError): ApiError {
  if (error instanceof ApiError) {
    return error;
  }
  if (isDependencyUnavailable(error)) {
    return new ApiError('UNAVAILABLE');
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      fields[field] ??= issue.message ?? ERROR_CODES.VALIDATION_FAILED.message;
    }
    const first = error.validation[0]?.message ?? ERROR_CODES.VALIDATION_FAILED.message;
    return new ApiError('VALIDATION_FAILED', first, fields);
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) {
    return new ApiError(mapped);
  }
  if (error.statusCode === 429) {
    return new ApiError('RATE_LIMITED');
  }
  return new ApiError('INTERNAL');
}

/** One error shape for every response (DESIGN §3); a 5xx never carries internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    }
    return reply.status(apiError.status).send(apiError.toBody());
  });
}
