import type { FastifyRequest } from 'fastify';

/**
 * The token of an `Authorization: Bearer <token>` header, or undefined when the request has no
 * such header (another scheme, or none). A request that sends one is authenticated by it alone,
 * whatever cookies it also carries (api-tokens/, issue 16).
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') {
    return undefined;
  }
  const match = /^Bearer[ \t]+(\S*)$/i.exec(header.trim());
  return match ? (match[1] ?? '') : undefined;
}
