import net from 'node:net';

import type { FastifyInstance } from 'fastify';

import { ApiError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The first step of shutdown (main.ts): stops taking connections at once and answers every
     * request that still arrives with our 503 and `Connection: close`. Resolves when the last
     * connection has closed, or after `windowMs`; `close()` then ends the connections still idle.
     */
    drain: (windowMs: number) => Promise<void>;
  }
}

const UNAVAILABLE = JSON.stringify(new ApiError('UNAVAILABLE').toBody());

/**
 * Shutdown that resets no request (ADR 0014, ADR 0022). Node's `http.Server.close()`, which
 * Fastify's `close()` calls, destroys every keep-alive connection idle at that instant, and with
 * it a request already waiting, unread, in its socket buffer: under load that reset most clients.
 * So shutdown drains first: the listening socket closes (refused connections are retried
 * elsewhere by any client or balancer), each request on an open connection is answered, and every
 * answer sent from then on closes its connection, which tells the client to go elsewhere. Only
 * connections that stayed idle through the whole window are cut, by `close()`.
 */
export function registerShutdown(app: FastifyInstance): void {
  let closing = false;
  app.decorate('drain', async (windowMs: number) => {
    closing = true;
    const { server } = app;
    if (!server.listening) {
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, windowMs);
      // net.Server's close rather than http.Server's: it only stops listening, and calls back
      // once the last connection has closed.
      net.Server.prototype.close.call(server, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  });
  // close() without a drain first (tests, a failed start) refuses new requests the same way.
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // Hooks every request passes through take `done` rather than returning a promise: a promise
  // each, on every request, was measurable (ADR 0018, Hooks without promises).
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) {
      done();
      return;
    }
    // Requests already being handled finish; new ones are sent elsewhere. Sent as text: a route's
    // own 503 schema must not reshape our error.
    void reply.code(503).type('application/json; charset=utf-8').send(UNAVAILABLE);
  });
  // Every answer sent while closing, including one to a request that began before, ends its
  // connection: a keep-alive connection left open would hold close() until its idle timeout.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) {
      reply.header('connection', 'close');
    }
    done(null, payload);
  });
}
