import type { FastifyInstance } from 'fastify';

import { ApiError } from './errors';

/** The message for any request carrying U+0000 (ADR 0016). */
export const NUL_MESSAGE = 'Text may not contain NUL characters.';

/**
 * Whether a parsed JSON value, a query object or params hold U+0000 in any string or key. Walks
 * with a stack rather than recursion: a body nests as deep as its 100 KB allow.
 */
export function containsNul(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) {
        return true;
      }
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) {
          return true;
        }
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL cannot store U+0000 in text and fails the whole statement; no user text needs it.
 * So every route refuses it in its body, query string and path parameters with one 400, before
 * any handler runs, on both engines alike (ADR 0016).
 */
export function registerNulRefusal(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const refused =
      containsNul(request.params) || containsNul(request.query) || containsNul(request.body);
    done(refused ? new ApiError('VALIDATION_FAILED', NUL_MESSAGE) : undefined);
  });
}
