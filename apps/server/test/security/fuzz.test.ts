import type { Plan, SharedPlan, Tag, Todo } from '@daywise/shared/schemas';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { NUL_MESSAGE } from '../../src/lib/nul-characters';
import { ENGINES, SAME_ORIGIN, type TestApp, testClock } from '../helpers';
import { appWithFriends, type socialClient, type TestUser } from '../social-client';

/** Fixed so a failure reproduces; bounded so the file stays about a minute per engine. */
const SEED = 20_261_122;
const RUNS = 2000;

interface Route {
  method: string;
  url: string;
}

/**
 * Every route the app serves, read from the app itself (its printed route tree), so a route
 * added later is fuzzed without anyone remembering to list it.
 */
function routesOf(ctx: TestApp): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of ctx.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?$/u.exec(line);
    if (!match) {
      continue;
    }
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    for (const method of (match[3] ?? '').split(', ')) {
      if (method && method !== 'HEAD') {
        routes.push({ method, url: stack.join('') });
      }
    }
  }
  return routes;
}

/** Routes that end the session or the account: fuzzed last, so the rest run signed in. */
const SESSION_ENDING = new Set([
  'POST /api/account/logout',
  'DELETE /api/account/sessions',
  'DELETE /api/account',
]);

const FIELDS = [
  'title',
  'description',
  'priority',
  'dueDate',
  'reminderTime',
  'completed',
  'name',
  'color',
  'tag',
  'tasks',
  'planDate',
  'date',
  'content',
  'friendId',
  'toUserId',
  'email',
  'password',
  'confirmPassword',
  'acceptTerms',
  'group',
  'key',
  'value',
  'userId',
  'secret',
  'subject',
  'message',
  'rating',
  'category',
  'bio',
  'id',
];
const QUERY_KEYS = [
  'q',
  'cursor',
  'limit',
  'before',
  'status',
  'priority',
  'due',
  'period',
  'filter',
];

describe.each(ENGINES)('fuzzed requests on %s', (engine) => {
  let ctx: TestApp;
  let social: ReturnType<typeof socialClient>;
  let ada: TestUser;
  let ids: string[];

  beforeAll(async () => {
    let bob: TestUser;
    ({ ctx, social, ada, bob } = await appWithFriends(engine, testClock().now));
    const created = async <T>(url: string, body: object) => {
      const response = await social.call(ada, 'POST', url, body);
      expect(response.statusCode).toBe(201);
      return response.json<T>();
    };
    const todo = await created<Todo>('/api/todos', { title: 'Write' });
    const tag = await created<Tag>('/api/tags', { name: 'work' });
    const filter = await created<{ id: string }>('/api/filters', {
      name: 'Work',
      query: '@work & !completed',
    });
    const plan = await created<Plan>('/api/plans', { title: 'Day', tasks: [{ title: 'Read' }] });
    const chat = (await social.call(ada, 'POST', '/api/chats', { friendId: bob.id })).json<{
      id: string;
    }>();
    const message = await created<{ id: string }>(`/api/chats/${chat.id}/messages`, {
      content: 'Hello',
    });
    const shared = await created<SharedPlan>('/api/shared-plans', {
      title: 'Trip',
      date: '2026-11-28',
      friendId: bob.id,
    });
    const sharedTask = await created<{ id: string }>(`/api/shared-plans/${shared.id}/tasks`, {
      title: 'Pack',
    });
    ids = [
      ada.id,
      bob.id,
      todo.id,
      tag.id,
      filter.id,
      plan.id,
      plan.tasks[0]?.id ?? '',
      chat.id,
      message.id,
      shared.id,
      sharedTask.id,
    ];
  });
  afterAll(() => ctx.close());

  const hostileString = () =>
    fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      fc.constantFrom(
        '',
        ' ',
        '\u0000',
        'a\u0000b',
        'Ωmega',
        '%00',
        '../../etc/passwd',
        "' or 1=1 --",
        '2026-02-30',
        '9999-12-31',
        '25:61',
        'eHx5',
        '\uD800',
        '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
        'NaN',
        '-1',
        '1e309',
      ),
      fc.string({ minLength: 1, maxLength: 3 }).map((s) => s.repeat(3000)),
      fc.constantFrom(...ids),
    );
  const value = (): fc.Arbitrary<unknown> =>
    fc.oneof(
      { depthSize: 'small' },
      hostileString(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.dictionary(fc.constantFrom(...FIELDS), hostileString()), { maxLength: 4 }),
      fc.jsonValue({ maxDepth: 3 }),
    );
  const body = () =>
    fc.oneof(
      fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string()), value(), { maxKeys: 6 }),
      fc.jsonValue({ maxDepth: 4 }),
      fc.constant(undefined),
    );
  const query = () =>
    fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string()), hostileString(), {
      maxKeys: 4,
    });
  /**
   * Ids in the path, already encoded: real ones (so handlers get past the lookup), anything else
   * percent-encoded as UTF-8, and broken escapes sent as they are.
   */
  const pathValue = () =>
    fc.oneof(
      fc.constantFrom(...ids),
      hostileString().map((text) =>
        [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''),
      ),
      fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '%00', '..', '%2F'),
    );

  const send = async (
    route: Route,
    params: string[],
    queryValues: Record<string, string>,
    payload: unknown,
    user: TestUser | null,
    idempotencyKey: string | null = null,
  ) => {
    let index = 0;
    const path = route.url.replace(/:\w+/g, () => params[index++ % params.length] ?? '');
    const search = new URLSearchParams(queryValues).toString();
    const url = search ? `${path}?${search}` : path;
    const headers = {
      ...SAME_ORIGIN,
      ...(user ? { cookie: user.cookie } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }),
    };
    const response = await ctx.app.inject({
      method: route.method as 'GET',
      url,
      headers,
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    return { url, response };
  };

  it('answers every route with less than 500 whatever the body, query and ids', async () => {
    const all = routesOf(ctx);
    expect(all.length).toBeGreaterThan(50);
    const routes = all.filter((route) => !SESSION_ENDING.has(`${route.method} ${route.url}`));
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.array(pathValue(), { minLength: 2, maxLength: 2 }),
        query(),
        body(),
        fc.boolean(),
        fc.option(fc.oneof(fc.uuid(), fc.stringMatching(/^[!-~]{0,120}$/))),
        async (route, params, queryValues, payload, signedIn, idempotencyKey) => {
          const { url, response } = await send(
            route,
            params,
            queryValues,
            payload,
            signedIn ? ada : null,
            idempotencyKey,
          );
          seen.set(response.statusCode, (seen.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode >= 500) {
            throw new Error(
              `${route.method} ${url} ${JSON.stringify(payload)} -> ${response.statusCode} ${response.body}`,
            );
          }
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // The run reached handlers, not only the validators: some requests succeeded.
    expect([...seen.keys()].some((status) => status < 300)).toBe(true);
  });

  it('refuses NUL characters in a body, a query string and a path with one 400', async () => {
    const before = await social.call(ada, 'GET', '/api/todos');
    const nul = { error: { code: 'VALIDATION_FAILED', message: NUL_MESSAGE } };
    const inBody = await social.call(ada, 'POST', '/api/todos', { title: 'a\u0000b' });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json()).toEqual(nul);
    const inKey = await social.call(ada, 'POST', '/api/tags', { name: 'x', 'c\u0000': 1 });
    expect(inKey.json()).toEqual(nul);
    const inQuery = await social.call(ada, 'GET', '/api/todos?q=a%00b');
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json()).toEqual(nul);
    const inPath = await social.call(ada, 'PATCH', '/api/todos/a%00b', { title: 'Changed' });
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json()).toEqual(nul);
    const after = await social.call(ada, 'GET', '/api/todos');
    expect(after.json()).toEqual(before.json());
  });

  it('refuses a malformed todo cursor with 400', async () => {
    const malformed = [
      'eHx5',
      Buffer.from('2026-02-30T00:00:00.000Z|abc').toString('base64url'),
      Buffer.from('not a time|abc').toString('base64url'),
      Buffer.from('2026-11-21T09:00:00.000Z|a\u0000b').toString('base64url'),
      '!!!',
    ];
    for (const cursor of malformed) {
      const response = await social.call(ada, 'GET', `/api/todos?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: 'The list position is not valid.',
          fields: { cursor: 'The list position is not valid.' },
        },
      });
    }
  });

  it('treats tag names that differ only in case as the same, in any script', async () => {
    const first = await social.call(ada, 'POST', '/api/tags', { name: 'Ωmega' });
    expect(first.statusCode).toBe(201);
    const message = 'You already have a tag with this name';
    for (const name of ['Ωmega', 'ωmega', 'ΩMEGA']) {
      const again = await social.call(ada, 'POST', '/api/tags', { name });
      expect(again.statusCode, name).toBe(409);
      expect(again.json()).toEqual({
        error: { code: 'CONFLICT', message, fields: { name: message } },
      });
    }
    const tags = (await social.call(ada, 'GET', '/api/tags')).json<Tag[]>();
    expect(tags.filter((tag) => tag.name.toLowerCase() === 'ωmega')).toHaveLength(1);
  });

  it('answers the session-ending routes with less than 500 too', async () => {
    const routes = routesOf(ctx).filter((route) =>
      SESSION_ENDING.has(`${route.method} ${route.url}`),
    );
    expect(routes).toHaveLength(SESSION_ENDING.size);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), query(), body(), async (route, q, payload) => {
        const { url, response } = await send(route, [], q, payload, ada);
        if (response.statusCode >= 500) {
          throw new Error(`${route.method} ${url} -> ${response.statusCode} ${response.body}`);
        }
      }),
      { seed: SEED, numRuns: 30, endOnFailure: true },
    );
  });
});
