import { todayIn } from '@daywise/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';

import type { AppInstance } from '../lib/app-instance';
import type { SessionUser } from '../lib/caller';
import { answeredError, ApiError } from '../lib/errors';
import { DAV_REALM, davAuthenticator } from './auth';
import { deleteCollection, mkcalendar } from './collection-writes';
import { propfind, report } from './methods';
import { DAV_ROOT, parseDavPath } from './paths';
import { DavPrecondition, DavRefusal } from './precondition';
import { OBJECT_CONTENT_TYPE } from './properties';
import { proppatch } from './proppatch';
import { type DavContext, resolve } from './resources';
import { type DavWriter, deleteObject, moveObject, putObject } from './writes';
import { davErrorBody, NS } from './xml';

/*
 * The CalDAV server at /dav/ (ADR 0034): an encapsulated plugin with its own body parser, error
 * answers and authentication (HTTP Basic with an app password, dav/auth.ts). It reads, and writes
 * todos and lists (dav/writes.ts, dav/collection-writes.ts). It has no POST handler: the Origin
 * check's exemption for /dav/ relies on that (ADR 0034).
 */

/** Request bodies above this are refused with 413 before they are read. */
export const DAV_BODY_LIMIT_BYTES = 256 * 1024;
/** The methods served now (OPTIONS's Allow). */
const SERVED = [
  'OPTIONS',
  'GET',
  'HEAD',
  'PROPFIND',
  'REPORT',
  'PUT',
  'DELETE',
  'MOVE',
  'MKCALENDAR',
  'PROPPATCH',
] as const;
/** Methods clients write with that are not served: refused (403). Never a POST handler here. */
const REFUSED = ['POST', 'MKCOL', 'COPY'] as const;
/** WebDAV methods Fastify does not route by default, registered with a body. */
const DAV_METHODS = ['PROPFIND', 'REPORT', 'PROPPATCH', 'MKCALENDAR', 'MKCOL', 'MOVE', 'COPY'];

const WELL_KNOWN = '/.well-known/caldav';
/** RFC 4918 10.1 and RFC 4791 5.1: the compliance classes; and the reports clients look for. */
const DAV_HEADER = '1, 3, calendar-access, sync-collection';
const XML_TYPE = 'application/xml; charset=utf-8';

function requestPath(request: FastifyRequest): string {
  return (request.raw.url ?? '').split('?', 1)[0] ?? '';
}

/** Depth 0 or 1; absent means 0 here (ADR 0034); infinity is refused (RFC 4918 9.1). */
function depthOf(request: FastifyRequest): 0 | 1 {
  const depth = String(request.headers.depth ?? '0')
    .trim()
    .toLowerCase();
  if (depth === '0' || depth === '1') {
    return depth === '0' ? 0 : 1;
  }
  if (depth === 'infinity') {
    throw new DavPrecondition(403, NS.dav, 'propfind-finite-depth');
  }
  throw new ApiError('VALIDATION_FAILED', 'The Depth header must be 0 or 1.');
}

function davError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DavPrecondition) {
    request.log.info({ status: error.status, element: error.element }, 'dav request refused');
    return reply.status(error.status).type(XML_TYPE).send(davErrorBody(error.ns, error.element));
  }
  if (error instanceof DavRefusal || error instanceof ZodError) {
    const status = error instanceof DavRefusal ? error.status : 400;
    const message =
      error instanceof DavRefusal ? error.message : (error.issues[0]?.message ?? 'Not valid.');
    request.log.info({ status }, 'dav request refused');
    return reply.status(status).type('text/plain; charset=utf-8').send(`${message}\n`);
  }
  const apiError = answeredError(error, request);
  if (apiError.status === 401) {
    void reply.header('www-authenticate', `Basic realm="${DAV_REALM}", charset="UTF-8"`);
  }
  return reply
    .status(apiError.status)
    .type('text/plain; charset=utf-8')
    .send(`${apiError.message}\n`);
}

export async function davRoutes(app: AppInstance): Promise<void> {
  for (const method of DAV_METHODS) {
    app.addHttpMethod(method, { hasBody: true });
  }

  await app.register(async (dav) => {
    const authenticate = davAuthenticator(app);
    const users = new WeakMap<FastifyRequest, SessionUser>();
    dav.removeAllContentTypeParsers();
    dav.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: DAV_BODY_LIMIT_BYTES },
      (_request, body, done) => {
        done(null, body);
      },
    );
    dav.setErrorHandler(davError);
    // Discovery (RFC 6764 5): clients given only the server's address find the service here,
    // without credentials; in this plugin for its body parser (vdirsyncer PROPFINDs it with XML).
    dav.route({
      method: ['GET', 'PROPFIND', 'OPTIONS'],
      url: WELL_KNOWN,
      handler: (_request, reply) => reply.redirect(DAV_ROOT, 301),
    });
    dav.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'OPTIONS' && request.routeOptions.url !== WELL_KNOWN) {
        users.set(request, await authenticate(request, reply));
      }
    });

    const context = async (request: FastifyRequest): Promise<DavContext> => {
      const user = users.get(request);
      if (!user) {
        throw new ApiError('UNAUTHENTICATED');
      }
      return { db: app.database.db, user, timezone: await app.userTimezone(user.id) };
    };
    const writer = async (request: FastifyRequest): Promise<DavWriter> => {
      const base = await context(request);
      const now = app.now();
      return { ...base, events: app.events, now, today: todayIn(base.timezone, now) };
    };
    const header = (request: FastifyRequest, name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(',') : value;
    };
    const conditions = (request: FastifyRequest) => ({
      ifMatch: header(request, 'if-match'),
      ifNoneMatch: header(request, 'if-none-match'),
    });
    const pathOf = (request: FastifyRequest) => parseDavPath(requestPath(request));
    const bodyOf = (request: FastifyRequest) =>
      typeof request.body === 'string' ? request.body : '';
    const sendXml = (reply: FastifyReply, xml: string) =>
      reply.status(207).type(XML_TYPE).send(xml);

    // '/dav/' apart from '/dav/*' only so that the printed route tree (which the security fuzz
    // reads) names the wildcard's real path.
    for (const url of ['/dav', '/dav/', '/dav/*']) {
      dav.route({
        method: 'OPTIONS',
        url,
        handler: (_request, reply) =>
          reply.header('dav', DAV_HEADER).header('allow', SERVED.join(', ')).status(200).send(),
      });
      dav.route({
        method: 'GET',
        url,
        handler: async (request, reply) => {
          const resource = await resolve(
            await context(request),
            parseDavPath(requestPath(request)),
          );
          if (resource.kind !== 'object') {
            return reply
              .type('text/plain; charset=utf-8')
              .send('Daywise CalDAV server: add this address to a calendar or task app.\n');
          }
          const { object } = resource;
          reply.header('etag', object.etag);
          reply.header('last-modified', new Date(object.updatedAt).toUTCString());
          if (request.headers['if-none-match'] === object.etag) {
            return reply.status(304).send();
          }
          return reply.type(OBJECT_CONTENT_TYPE).send(object.body);
        },
      });
      dav.route({
        method: 'PROPFIND',
        url,
        handler: async (request, reply) => {
          const depth = depthOf(request);
          const path = parseDavPath(requestPath(request));
          return sendXml(
            reply,
            await propfind(await context(request), path, depth, bodyOf(request)),
          );
        },
      });
      dav.route({
        method: 'REPORT',
        url,
        handler: async (request, reply) => {
          const path = parseDavPath(requestPath(request));
          return sendXml(reply, await report(await context(request), path, bodyOf(request)));
        },
      });
      dav.route({
        method: 'PUT',
        url,
        handler: async (request, reply) => {
          const created = await putObject(
            await writer(request),
            pathOf(request),
            bodyOf(request),
            header(request, 'content-type'),
            conditions(request),
          );
          return reply.status(created ? 201 : 204).send();
        },
      });
      dav.route({
        method: 'DELETE',
        url,
        handler: async (request, reply) => {
          const path = pathOf(request);
          await (path?.kind === 'object'
            ? deleteObject(await writer(request), path, conditions(request))
            : deleteCollection(await writer(request), path));
          return reply.status(204).send();
        },
      });
      dav.route({
        method: 'MOVE',
        url,
        handler: async (request, reply) => {
          const created = await moveObject(
            await writer(request),
            pathOf(request),
            header(request, 'destination'),
            header(request, 'overwrite'),
            conditions(request),
          );
          return reply.status(created ? 201 : 204).send();
        },
      });
      dav.route({
        method: 'PROPPATCH',
        url,
        handler: async (request, reply) =>
          sendXml(reply, await proppatch(await writer(request), pathOf(request), bodyOf(request))),
      });
      dav.route({
        method: 'MKCALENDAR',
        url,
        handler: async (request, reply) => {
          await mkcalendar(await writer(request), pathOf(request), bodyOf(request));
          return reply.status(201).send();
        },
      });
      dav.route({
        method: [...REFUSED],
        url,
        handler: () => {
          throw new ApiError(
            'PERMISSION_DENIED',
            'This is not something CalDAV can change here: change it in Daywise.',
          );
        },
      });
    }
  });
}
