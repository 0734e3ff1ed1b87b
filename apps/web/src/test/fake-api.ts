import type { Endpoint, EndpointOutput, HttpMethod } from '@daywise/shared/api';
import { type Mock, vi } from 'vitest';

/** One request the app made, as a route handler and the assertions see it. */
export interface FakeRequest {
  method: HttpMethod;
  /** The URL as requested: `/api/todos?status=pending`. */
  url: string;
  /** The path without its query: `/api/todos`. */
  path: string;
  query: URLSearchParams;
  /** The path parameters the route's pattern named: `{ id: 't1' }` for `/api/todos/:id`. */
  params: Record<string, string>;
  /** The JSON body parsed, the FormData as sent, or undefined. */
  body: unknown;
  init: RequestInit | undefined;
}

type Answer<T> = T | Response | Promise<T | Response>;
type Handler<T> = T | ((request: FakeRequest) => Answer<T>);
/** A JSON body, for routes outside the contract (their answers are not typed). */
type Json = object | string | number | boolean | null;

interface Route {
  method: HttpMethod;
  pattern: RegExp;
  names: string[];
  status: number;
  handler: Handler<unknown>;
}

/** A JSON answer with any status. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The server's error answer: `{ error: { code, message, fields? } }`. */
export function errorResponse(
  status: number,
  code: string,
  message = 'Something went wrong',
  fields?: Record<string, string>,
): Response {
  return jsonResponse({ error: { code, message, ...(fields ? { fields } : {}) } }, status);
}

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) {
        names.push(part.slice(1));
        return '([^/]+)';
      }
      if (part === '*') {
        return '.+';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), names };
}

function parseBody(init: RequestInit | undefined): unknown {
  const body = init?.body;
  if (typeof body === 'string') {
    try {
      return JSON.parse(body) as unknown;
    } catch {
      return body;
    }
  }
  return body ?? undefined;
}

/** Requests no route answered, reported after the test by `assertAllRequestsHandled`. */
const unhandled: string[] = [];

/**
 * The API as a test wants it, on `fetch`: routes keyed by a contract endpoint where one exists
 * (`api.on(todosApi.list, data)`, the data typed by the endpoint) or by method and path
 * (`api.route('GET', '/api/settings', data)`); a later route wins over an earlier one for the same
 * request. Every request is recorded (`api.calls`, `api.requests`); one that no route answers
 * fails the test.
 */
export class FakeApi {
  readonly calls: FakeRequest[] = [];
  /** `GET /api/todos?status=pending` for each request, in order (a live list). */
  readonly requests: string[] = [];
  /** The URL of each request, in order (a live list). */
  readonly urls: string[] = [];
  readonly fetch: Mock<(input: string | URL | Request, init?: RequestInit) => Promise<Response>>;
  private readonly routes: Route[] = [];

  constructor() {
    this.fetch = vi.fn((input: string | URL | Request, init?: RequestInit) =>
      this.answer(input, init),
    );
    vi.stubGlobal('fetch', this.fetch);
  }

  /** Answers an endpoint of the contract with its data, or with what `handler` returns. */
  on<E extends Endpoint>(endpoint: E, handler: Handler<EndpointOutput<E>>): this {
    return this.add(endpoint.method, endpoint.path, handler, endpoint.status ?? 200);
  }

  /**
   * Answers a method and path pattern not in the contract yet: `/api/chats/:id/messages`, or
   * `/api/*` for every path under /api.
   */
  route(method: HttpMethod, path: string, handler: Handler<Json | undefined>, status = 200): this {
    return this.add(method, path, handler, status);
  }

  /** The requests so far to this method and path pattern. */
  callsTo(method: HttpMethod, path: string): FakeRequest[] {
    const { pattern } = compile(path);
    return this.calls.filter((call) => call.method === method && pattern.test(call.path));
  }

  private add(method: HttpMethod, path: string, handler: Handler<unknown>, status: number): this {
    this.routes.unshift({ method, ...compile(path), status, handler });
    return this;
  }

  private async answer(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase() as HttpMethod;
    const parsed = new URL(url, 'http://localhost');
    const request: FakeRequest = {
      method,
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      params: {},
      body: parseBody(init),
      init,
    };
    this.calls.push(request);
    this.requests.push(`${method} ${url}`);
    this.urls.push(url);
    for (const route of this.routes) {
      const match = route.method === method ? route.pattern.exec(parsed.pathname) : null;
      if (!match) {
        continue;
      }
      route.names.forEach((name, index) => {
        request.params[name] = decodeURIComponent(match[index + 1] ?? '');
      });
      const handler = route.handler;
      const result: unknown = await (typeof handler === 'function'
        ? (handler as (request: FakeRequest) => unknown)(request)
        : handler);
      if (result instanceof Response) {
        return result;
      }
      return route.status === 204 || result === undefined
        ? new Response(null, { status: route.status === 200 ? 204 : route.status })
        : jsonResponse(result, route.status);
    }
    unhandled.push(`${method} ${url}`);
    throw new Error(`fake API: no route answers ${method} ${url}`);
  }
}

/** A fresh fake API on `fetch` for this test (setup.ts unstubs it afterwards). */
export function fakeApi(): FakeApi {
  return new FakeApi();
}

/** Fails the test that made requests no route answered (called after each test by setup.ts). */
export function assertAllRequestsHandled(): void {
  if (unhandled.length === 0) {
    return;
  }
  const list = unhandled.splice(0).join(', ');
  throw new Error(`fake API: requests no route answered: ${list}`);
}
