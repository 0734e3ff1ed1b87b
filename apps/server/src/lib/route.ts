import { isDeepStrictEqual } from 'node:util';

import { todayIn } from '@daywise/shared';
import {
  apiErrorBodySchema,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResult,
  errorStatuses,
} from '@daywise/shared/api';
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';

import type { Database } from '../db/schema';
import type { AppInstance } from './app-instance';
import type { Caller, SessionUser } from './caller';
import { ApiError } from './errors';
import type { EventBus } from './events';
import { JsonAnswer } from './json-answer';

/**
 * What route() needs from features, provided where the app is built (app.ts), so that lib/
 * imports no feature.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Who calls `endpoint`: the caller of a 'user' endpoint (401 without one), undefined on a
     * public one; 403 for a token the endpoint refuses (auth/caller.ts).
     */
    authenticate: (request: FastifyRequest, endpoint: Endpoint) => Promise<Caller | undefined>;
    /** The user's IANA time zone (UTC until they choose one), kept for a few seconds. */
    userTimezone: (userId: string) => Promise<string>;
  }
}

/**
 * What every handler gets (docs/ARCHITECTURE.md, "A request"): the parsed request, the signed-in
 * user on 'user' endpoints, the request's instant, and the app's services. The user's time zone
 * and today are read on first use and kept for the request.
 */
export interface RequestContext<E extends Endpoint> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  /** The signed-in user ('user' endpoints only). */
  user: E['access'] extends 'user' ? SessionUser : undefined;
  /**
   * The signed-in session's id ('user' endpoints only); `api-token:<id>` when an API token
   * authenticated the request (only cookie-only endpoints read it, and those refuse tokens).
   */
  sessionId: E['access'] extends 'user' ? string : undefined;
  /** The request's instant, read once from the app's clock. */
  now: Date;
  db: Kysely<Database>;
  events: EventBus;
  /** The user's IANA time zone (UTC until they choose one). */
  timezone: () => Promise<string>;
  /** The user's calendar date at `now`, YYYY-MM-DD. */
  today: () => Promise<string>;
  app: AppInstance;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends Endpoint> = (
  context: RequestContext<E>,
) => Promise<EndpointResult<E> | JsonAnswer> | EndpointResult<E> | JsonAnswer;

/** Route options a contract leaves to the server: rate limits, body limits, hooks. */
export type RouteOptions = Omit<RouteShorthandOptions, 'schema'>;

/**
 * A body the handler reads itself: described for the reference as the files it holds, and let
 * through unvalidated (any body passes `z.unknown()`), as the handler checks every part.
 */
function uploadSchema({ type, files }: NonNullable<Endpoint['requestContent']>) {
  const properties = Object.fromEntries(
    Object.entries(files).map(([name, description]) => [
      name,
      { type: 'string', format: 'binary', description },
    ]),
  );
  return {
    consumes: [type],
    body: z.unknown().meta({ type: 'object', properties, required: Object.keys(files) }),
  };
}

/** How a 'user' endpoint may be called: the session cookie, and an API token unless cookie-only. */
function securityOf(endpoint: Endpoint): Record<string, string[]>[] {
  return endpoint.cookieOnly ? [{ session: [] }] : [{ session: [] }, { bearerAuth: [] }];
}

/** The route schema an endpoint implies: input validation, serialization, and the reference. */
export function routeSchema(endpoint: Endpoint) {
  const errors = Object.fromEntries(
    [...errorStatuses(endpoint)].map(([status, codes]) => [
      status,
      {
        description: codes.join(', '),
        content: { 'application/json': { schema: apiErrorBodySchema } },
      },
    ]),
  );
  const success = endpoint.status ?? 200;
  const answer = endpoint.response ?? z.null().describe('No content');
  return {
    summary: endpoint.summary,
    tags: [endpoint.tag],
    ...(endpoint.params ? { params: endpoint.params } : {}),
    // Strict, so the reference lists no parameter beyond these (ADR 0017, 2026-11-28).
    querystring: (endpoint.query ?? z.object({})).strict(),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.requestContent ? uploadSchema(endpoint.requestContent) : {}),
    ...(endpoint.idempotent
      ? {
          headers: z.object({
            'idempotency-key': z
              .string()
              .optional()
              .describe('Makes a retried create answer from the first attempt (ADR 0016)'),
          }),
        }
      : {}),
    ...(endpoint.access === 'user' ? { security: securityOf(endpoint) } : {}),
    response: {
      [success]: endpoint.responseContent
        ? {
            description: endpoint.summary,
            content: { [endpoint.responseContent]: { schema: answer } },
          }
        : answer,
      ...errors,
      ...Object.fromEntries(
        (endpoint.alsoAnswers ?? []).map(({ status, description, schema }) => [
          status,
          { description, content: { 'application/json': { schema } } },
        ]),
      ),
    },
  };
}

/**
 * Requests are validated by zod; successful answers are checked against the contract and
 * serialized by it. A `JsonAnswer` is sent as the database wrote it; with `checkJsonAnswers` (in
 * tests) it must first be exactly the contract's copy of it: no field missing, added or changed. Error answers are built by the error handler
 * (lib/errors.ts) in the one shape every endpoint shares, and are sent as they are.
 */
export function registerContractCompilers(
  app: AppInstance,
  { checkJsonAnswers }: { checkJsonAnswers: boolean },
): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler((routeSchema) => {
    if (Number(routeSchema.httpStatus) >= 400) {
      return (data) => JSON.stringify(data);
    }
    const encode = serializerCompiler(routeSchema as Parameters<typeof serializerCompiler>[0]);
    return (data) => {
      if (!(data instanceof JsonAnswer)) {
        return encode(data);
      }
      if (checkJsonAnswers) {
        const written: unknown = JSON.parse(data.text);
        if (!isDeepStrictEqual(written, JSON.parse(encode(written)))) {
          throw new Error('A JsonAnswer differs from the contract’s copy of it (extra fields?)');
        }
      }
      return data.text;
    };
  });
}

/**
 * The query parameters the endpoint does not declare, in the order sent. A misspelt parameter
 * (`state=pending` for `status=pending`) must not pass silently as if absent (ADR 0017).
 */
export function unknownQueryParameters(endpoint: Endpoint, query: unknown): string[] {
  const known = new Set(Object.keys(endpoint.query?.shape ?? {}));
  return Object.keys(query ?? {}).filter((name) => !known.has(name));
}

/** Refuses unknown query parameters with a 400 naming them. */
function refuseUnknownQueryParameters(endpoint: Endpoint) {
  return async (request: FastifyRequest) => {
    const unknown = unknownQueryParameters(endpoint, request.query);
    if (unknown.length > 0) {
      const label = unknown.length === 1 ? 'Unknown query parameter' : 'Unknown query parameters';
      throw new ApiError(
        'VALIDATION_FAILED',
        `${label}: ${unknown.join(', ')}`,
        Object.fromEntries(unknown.map((name) => [name, 'Unknown query parameter'])),
      );
    }
  };
}

/**
 * Registers the route an endpoint declares. Its input is validated and its answer serialized by
 * the contract's schemas before the handler sees either; on 'user' endpoints an unsigned request
 * gets 401 before the handler runs.
 */
export function route<E extends Endpoint>(
  app: AppInstance,
  endpoint: E,
  handler: Handler<E>,
  options: RouteOptions = {},
): void {
  app.route({
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    schema: routeSchema(endpoint),
    // Before the schema's checks (params and body come first there), so a request with a
    // misspelt parameter is told so whatever else it gets wrong.
    preValidation: [
      refuseUnknownQueryParameters(endpoint),
      ...[options.preValidation ?? []].flat(),
    ],
    handler: async (request, reply) => {
      const session = await app.authenticate(request, endpoint);
      const now = app.now();
      let timezone: Promise<string> | undefined;
      const zone = () => {
        if (!session) {
          throw new Error(`${endpoint.path} is public: it has no user time zone`);
        }
        timezone ??= app.userTimezone(session.user.id);
        return timezone;
      };
      const context = {
        params: request.params,
        query: request.query,
        body: request.body,
        user: session?.user,
        sessionId: session?.sessionId,
        now,
        db: app.database.db,
        events: app.events,
        timezone: zone,
        today: async () => todayIn(await zone(), now),
        app,
        request,
        reply,
      } as RequestContext<E>;
      reply.status(endpoint.status ?? 200);
      const result = await handler(context);
      return reply.sent ? reply : reply.send(result);
    },
  });
}
