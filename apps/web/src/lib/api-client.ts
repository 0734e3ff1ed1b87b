import { type ApiErrorBody, ERROR_CODES, type ErrorCode, isErrorCode } from '@daywise/shared';

/** An error answer from the API, or a request that never got one (code NETWORK). */
export class ApiClientError extends Error {
  constructor(
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Sent as the Idempotency-Key header on creating writes, so that a retry of the same user
   * action is answered from the first attempt instead of creating twice (ADR 0016).
   */
  idempotencyKey?: string;
}

const actionKeys = new WeakMap<object, string>();

/**
 * One Idempotency-Key per user action: the mutation's variables object stands for the action
 * (TanStack Query passes the same object to every retry of it), so its key is made once and
 * reused; the next click brings new variables and a new key.
 */
export function idempotencyKeyFor(action: object): string {
  let key = actionKeys.get(action);
  if (key === undefined) {
    key = crypto.randomUUID();
    actionKeys.set(action, key);
  }
  return key;
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  const error = (value as Partial<ApiErrorBody> | null)?.error;
  return typeof error?.message === 'string' && isErrorCode(error.code);
}

/**
 * The one way the web app talks to the API: JSON (or multipart FormData) in, JSON out, and every
 * failure turned into an ApiClientError carrying the server's code and message.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, idempotencyKey } = options;
  // FormData (a picture upload) goes as multipart; anything else as JSON.
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(body === undefined || isForm ? {} : { 'Content-Type': 'application/json' }),
        ...(idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey }),
      },
      body: body === undefined ? null : isForm ? body : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      throw error;
    }
    throw new ApiClientError('NETWORK', 'Could not reach Daywise. Check your connection.', 0);
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (isApiErrorBody(payload)) {
      const { code, message, fields } = payload.error;
      throw new ApiClientError(code, message, response.status, fields);
    }
    const fallback = response.status >= 500 ? 'INTERNAL' : 'NOT_FOUND';
    throw new ApiClientError(fallback, ERROR_CODES[fallback].message, response.status);
  }
  return payload as T;
}
