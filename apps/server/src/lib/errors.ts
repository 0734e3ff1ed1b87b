import type { Socket } from 'node:net';

import { type ApiErrorBody, ERROR_CODES, type ErrorCode } from '@daywise/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/** Maps Fastify's own error codes to ours. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  // The client's fault at the framework's level (ADR 0014): answered 4xx, logged below error.
  FST_ERR_BAD_URL: 'INVALID_REQUEST_TARGET',
  FST_ERR_MAX_PARAM_LENGTH: 'INVALID_REQUEST_TARGET',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  // @fastify/multipart: only picture uploads are multipart.
  FST_REQ_FILE_TOO_LARGE: 'IMAGE_TOO_LARGE',
  FST_FILES_LIMIT: 'INVALID_IMAGE',
  FST_PARTS_LIMIT: 'INVALID_IMAGE',
  FST_FIELDS_LIMIT: 'INVALID_IMAGE',
  FST_PROTO_VIOLATION: 'INVALID_IMAGE',
  FST_INVALID_JSON_FIELD_ERROR: 'INVALID_IMAGE',
  FST_MP_PREMATURE_CLOSE: 'INVALID_IMAGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'INVALID_IMAGE',
};

/** Other client errors, by the status the framework or a plugin gave them. */
const CLIENT_STATUSES: Record<number, ErrorCode> = {
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

/**
 * Failures that mean PostgreSQL, SQLite or Redis cannot serve right now, not that the request was
 * wrong (ADR 0015): PostgreSQL's connection, shutdown, overload and cancellation classes; the
 * socket errors and timeouts of pg, the pg pool and ioredis; a busy or closed SQLite file. And
 * storage that fails under the database (ADR 0022): a full disk, an I/O error, a file gone
 * read-only, unopenable or corrupt, on SQLite (better-sqlite3 reports extended codes such as
 * SQLITE_IOERR_WRITE or SQLITE_READONLY_DBMOVED) and their PostgreSQL counterparts (53100 disk
 * full, 25006 read-only transaction, 58030 I/O error, XX001 and XX002 corrupt data).
 */
const UNAVAILABLE_SQLSTATES = /^(08|57P0[1-3]$|53[13]00$|57014$|25006$|58030$|XX00[12]$)/;
const UNAVAILABLE_SQLITE_CODES = /^SQLITE_(BUSY|FULL|IOERR|READONLY|CORRUPT|NOTADB|CANTOPEN)(_|$)/;
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
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

function isUnavailableCode(code: unknown): boolean {
  return (
    typeof code === 'string' &&
    (UNAVAILABLE_NODE_CODES.has(code) ||
      UNAVAILABLE_SQLITE_CODES.test(code) ||
      (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATES.test(code)))
  );
}

/**
 * Why `error`, or an error it wraps (Better Auth and Kysely wrap the driver's), says a database or
 * Redis is unavailable, in words for the log ('SQLITE_FULL: database or disk is full'); undefined
 * when it does not.
 */
export function unavailableCause(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const { message } = current;
    const code = (current as { code?: unknown }).code;
    if (isUnavailableCode(code)) {
      return `${String(code)}: ${message}`;
    }
    if (UNAVAILABLE_MESSAGES.some((known) => message.includes(known))) {
      return message;
    }
    if (current instanceof AggregateError) {
      const inner = current.errors.map(unavailableCause).find((cause) => cause !== undefined);
      if (inner !== undefined) {
        return inner;
      }
    }
    current = current.cause;
  }
  return undefined;
}

/** Whether `error` says a database or Redis is unavailable (see `unavailableCause`). */
export function isDependencyUnavailable(error: unknown): boolean {
  return unavailableCause(error) !== undefined;
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
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return new ApiError(CLIENT_STATUSES[status] ?? 'VALIDATION_FAILED');
  }
  return new ApiError('INTERNAL');
}

/**
 * The ApiError a failure is answered as, logged: only our own failures (5xx) as errors. The
 * CalDAV server answers it in its own shape (dav/routes.ts).
 */
export function answeredError(error: FastifyError, request: FastifyRequest): ApiError {
  const apiError = toApiError(error);
  if (apiError.status >= 500) {
    // One line, naming the cause when a dependency failed: 'disk full' must not read as a bug.
    const cause = unavailableCause(error);
    request.log.error(
      { err: error, ...(cause ? { cause } : {}) },
      cause ? `request failed: dependency unavailable (${cause})` : 'request failed',
    );
  } else if (!(error instanceof ApiError)) {
    request.log.info({ code: error.code, status: apiError.status }, 'request refused');
  }
  return apiError;
}

/** Answers an error in our shape. */
function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const apiError = answeredError(error, request);
  // Sent as text, so a route's response schema for the same status cannot reshape or refuse it.
  return reply
    .status(apiError.status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(apiError.toBody()));
}

/**
 * Fastify's `frameworkErrors` option: a URL the router cannot decode is refused before any route
 * runs, so the route's error handler never sees it.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  void sendError(error, request, reply);
}

/**
 * Fastify's `clientErrorHandler` option: a request Node's parser refuses (malformed, headers too
 * large, too slow) never becomes a request, so the answer is written on the socket, in our shape.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error, socket: Socket): void {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNRESET' || socket.destroyed) {
    return;
  }
  const apiError = new ApiError(
    code === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : 'VALIDATION_FAILED',
  );
  this.log.info({ code, status: apiError.status }, 'malformed request refused');
  if (socket.writable) {
    const body = JSON.stringify(apiError.toBody());
    socket.write(
      `HTTP/1.1 ${apiError.status} ${STATUS_TEXT[apiError.status] ?? 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** One error shape for every response; a 5xx never carries internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}
