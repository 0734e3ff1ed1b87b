// Types only at run time: the web app's first load reads endpoints without loading zod.
import type { z } from 'zod';

import type { ErrorCode } from '../errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API endpoint, declared once and read by both sides (docs/ARCHITECTURE.md, "Adding to the
 * API"). The server registers its route from it, so the route validates its input and serializes
 * its answer by these schemas; the web app calls it through `callApi` with the types inferred
 * here; `/api/openapi.json` describes it. A field renamed here is a compile error everywhere it
 * is read.
 */
export interface Endpoint {
  method: HttpMethod;
  /** Fastify's path syntax: `/api/todos/:id`. */
  path: `/api/${string}`;
  /** One line for the API reference. */
  summary: string;
  /** The reference groups endpoints by this. */
  tag: string;
  /** 'user' needs a signed-in session (401 UNAUTHENTICATED otherwise); 'public' does not. */
  access: 'user' | 'public';
  /**
   * Only a signed-in browser session may call it, never an API token (`Authorization: Bearer`):
   * account changes, the tokens themselves, the calendar feed's secret, security-relevant
   * settings and the browser's push devices. A request with a bearer token gets 403
   * COOKIE_ONLY. Every other 'user' endpoint also accepts a token.
   */
  cookieOnly?: true;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The success status; 200 unless said. */
  status?: 200 | 201 | 202 | 204;
  /** The success answer's shape; null when the answer has no body (204). */
  response: z.ZodType | null;
  /** The error codes this endpoint answers with, besides the ones every endpoint may. */
  errors: readonly ErrorCode[];
  /** Creating writes accept an Idempotency-Key header (ADR 0016), and answer its errors. */
  idempotent?: boolean;
  /**
   * A body that is not JSON and that the handler reads itself, checking each part as it streams
   * in (a picture upload). The route does not validate it beforehand; the reference describes it
   * by its parts, each a file named here with what it holds.
   */
  requestContent?: { type: 'multipart/form-data'; files: Record<string, string> };
  /**
   * A success answer the handler sends itself (an image's bytes, a file streamed as a download, an
   * iCalendar feed), not serialized by the route; `response` then describes it for the reference.
   */
  responseContent?:
    'image/*' | 'application/json' | 'text/csv' | 'application/pdf' | 'text/calendar';
  /**
   * Other answers than the success status and ApiError, by status: a second success (opening a
   * chat that already exists is 200, not 201), or an error in its own shape (a health check's 503
   * says which dependency is down, replacing ApiError for that status). Success answers are
   * checked against their schema like the main one.
   */
  alsoAnswers?: readonly { status: number; description: string; schema: z.ZodType }[];
}

/** Declares an endpoint, keeping its literal types for inference. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : never;
type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : never;

/** What a caller sends: only the parts the endpoint declares. */
export type EndpointInput<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: SchemaInput<E['params']> }
  : unknown) &
  (E['query'] extends z.ZodType ? { query?: SchemaInput<E['query']> } : unknown) &
  (E['body'] extends z.ZodType ? { body: SchemaInput<E['body']> } : unknown);

/** What the endpoint answers on success, as the client receives it. */
export type EndpointOutput<E extends Endpoint> = E['response'] extends z.ZodType
  ? SchemaOutput<E['response']>
  : void;

/** What a handler returns, which the server checks against the response schema and sends. */
export type EndpointResult<E extends Endpoint> = EndpointOutput<E>;

/** Parsed request parts, as a handler receives them. */
export type EndpointParams<E extends Endpoint> = E['params'] extends z.ZodType
  ? SchemaOutput<E['params']>
  : Record<string, never>;
export type EndpointQuery<E extends Endpoint> = E['query'] extends z.ZodType
  ? SchemaOutput<E['query']>
  : Record<string, never>;
export type EndpointBody<E extends Endpoint> = E['body'] extends z.ZodType
  ? SchemaOutput<E['body']>
  : undefined;

/** The endpoint's path with its parameters filled in, each one URL-encoded. */
export function endpointPath(endpoint: Endpoint, params: Record<string, string> = {}): string {
  return endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) {
      throw new Error(`${endpoint.method} ${endpoint.path}: missing path parameter ${name}`);
    }
    return encodeURIComponent(value);
  });
}
