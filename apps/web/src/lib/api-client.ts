import { type ApiErrorBody, ERROR_CODES, type ErrorCode, isErrorCode } from '@daywise/shared';
import {
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
  endpointPath,
} from '@daywise/shared/api/endpoint';

import { reportReachable } from './connection';

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
  /** Lets the request outlive the page: a delete sent as the tab closes (docs/product/todos.md). */
  keepalive?: boolean;
}

/**
 * Puts the server's word on each field beside that field of a form (`setError` of
 * react-hook-form), for the fields the form has; says whether any was placed.
 */
export function showFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  setError: (field: Field, error: { type: 'server'; message: string }) => void,
): boolean {
  if (!(error instanceof ApiClientError)) {
    return false;
  }
  let shown = false;
  for (const field of fields) {
    const message = error.fields[field];
    if (message) {
      setError(field, { type: 'server', message });
      shown = true;
    }
  }
  return shown;
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

let send: typeof fetch = (input, init) => fetch(input, init);

/**
 * Sends the API client's requests another way than the browser's `fetch`: the server's page
 * renderer reads the API as the user it draws a page for (entry-server.tsx). Only it calls this.
 */
export function sendApiRequestsWith(sender: typeof fetch): void {
  send = sender;
}

/**
 * The HTTP exchange under `callApi`: JSON (or multipart FormData) in, JSON out, and every failure
 * turned into an ApiClientError carrying the server's code and message. Features call `callApi`
 * with an endpoint of the contract, never this with a path (a lint rule keeps it so).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, idempotencyKey, keepalive = false } = options;
  // FormData (a picture upload) goes as multipart; anything else as JSON.
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await send(path, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(body === undefined || isForm ? {} : { 'Content-Type': 'application/json' }),
        ...(idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey }),
      },
      body: body === undefined ? null : isForm ? body : JSON.stringify(body),
      signal: signal ?? null,
      ...(keepalive ? { keepalive } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      throw error;
    }
    reportReachable(false);
    throw new ApiClientError('NETWORK', 'Could not reach Daywise. Check your connection.', 0);
  }
  reportReachable(true);

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

export interface CallOptions {
  signal?: AbortSignal;
  /** For `idempotent` endpoints: the user action this call belongs to (`idempotencyKeyFor`). */
  action?: object;
  /** A multipart body instead of the endpoint's JSON one (picture uploads). */
  form?: FormData;
  /** Sends the request even if the page is going away (a deferred delete on `pagehide`). */
  keepalive?: boolean;
}

/** An endpoint's arguments: its input may be left out when nothing in it is required. */
type CallArgs<E extends Endpoint> =
  Record<string, never> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

/** The query string of `query`, leaving out what is unset. */
export function queryString(query: object | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (
      typeof value === 'number' ||
      typeof value === 'boolean' ||
      (typeof value === 'string' && value !== '')
    ) {
      params.set(name, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls one endpoint of the contract (docs/ARCHITECTURE.md): its path, query and body are built
 * from typed input, and the answer has the endpoint's response type.
 */
export function callApi<E extends Endpoint>(
  endpoint: E,
  ...[input, options = {}]: CallArgs<E>
): Promise<EndpointOutput<E>> {
  const parts = (input ?? {}) as {
    params?: Record<string, string>;
    query?: object;
    body?: unknown;
  };
  return apiRequest<EndpointOutput<E>>(
    endpointPath(endpoint, parts.params) + queryString(parts.query),
    {
      method: endpoint.method,
      body: options.form ?? parts.body,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.keepalive ? { keepalive: true } : {}),
      ...(endpoint.idempotent && options.action
        ? { idempotencyKey: idempotencyKeyFor(options.action) }
        : {}),
    },
  );
}
