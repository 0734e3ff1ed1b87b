import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { Config } from '../config';
import { ApiError } from './errors';
import { type Metrics, UNMATCHED_ROUTE } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The listener of METRICS_PORT, serving only `GET /metrics`; undefined without it. main.ts
     * starts it once the app listens; the app's close closes it.
     */
    metricsListener: MetricsListener | undefined;
  }
}

export interface MetricsListener {
  /** Starts listening; answers the port (METRICS_PORT, or the one given for 0). */
  listen: () => Promise<number>;
}

export const METRICS_PATH = '/metrics';

const NOT_FOUND = JSON.stringify(new ApiError('NOT_FOUND').toBody());

/** Whether `header` is `Bearer <token>`, compared in constant time (hashes of equal length). */
function holdsToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

/**
 * Prometheus metrics (ADR 0035): every answered request counted and timed under its route
 * pattern, and `/metrics` served in the text format, on the main port behind METRICS_TOKEN
 * (Bearer) and on METRICS_PORT without one. With neither, nothing answers `/metrics`: it is any
 * unknown path.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, config: Config): void {
  app.decorate('metrics', metrics);
  const { metricsToken, metricsPort } = config;
  // Requests are counted only where someone can read the counts: no work on every request for
  // an instance that serves no metrics.
  if (metricsToken !== undefined || metricsPort !== undefined) {
    // A callback hook, like every hook on the request path (ADR 0018, Hooks without promises).
    app.addHook('onResponse', (request, reply, done) => {
      metrics.requestAnswered(
        request.method,
        routeOf(request),
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
  }

  if (metricsToken !== undefined) {
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!holdsToken(request.headers.authorization, metricsToken)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new ApiError('UNAUTHENTICATED');
      }
      return reply
        .type(metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.registry.metrics());
    });
  }

  app.decorate(
    'metricsListener',
    metricsPort === undefined ? undefined : metricsListener(app, metrics, config.host, metricsPort),
  );
}

function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/** A plain HTTP server answering `GET /metrics` and 404 to anything else; closed with the app. */
function metricsListener(
  app: FastifyInstance,
  metrics: Metrics,
  host: string,
  port: number,
): MetricsListener {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?', 1)[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      response.end(NOT_FOUND);
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, {
          'content-type': metrics.registry.contentType,
          'cache-control': 'no-store',
        });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics: could not collect');
        response.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify(new ApiError('UNAVAILABLE').toBody()));
      },
    );
  });
  app.addHook('onClose', async () => {
    if (!server.listening) {
      return;
    }
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  });
  return {
    listen: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve((server.address() as AddressInfo).port);
        });
      }),
  };
}
