import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * How a request appears in the logs: its path without the query string, which carries emailed
 * secrets (verification, reset and restore links), and no headers at all (ADR 0014).
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    path: request.url.split('?', 1)[0],
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/**
 * One log line per request, written once it is answered, with the request, its status and the
 * time it took. Fastify's default is two lines, one as the request comes in: under load, each
 * line was about 1% of the server's CPU (ADR 0018, One log line per request).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) {
      return;
    }
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
    } else {
      reply.log.info(line, 'request completed');
    }
  }
}
