import type { ErrorCode } from '@daywise/shared';
import { MutationCache } from '@tanstack/react-query';

import { ApiClientError } from './api-client';
import { notify } from './toast';

/**
 * What a mutation says when it settles, given as its `meta` and shown by the query client's one
 * mutation cache (`createMutationCache`), so that no hook writes its own `onSuccess`/`onError`
 * only to toast. A message that depends on the variables or the answer stays in the hook.
 * A type, not an interface: TanStack Query takes the registered meta only if it is a record.
 */
export type MutationToasts = {
  /** The success toast. */
  succeeded?: string;
  /** The error toast. */
  failed?: string;
  /**
   * Refusals whose own message is said instead of `failed`: every API error ('any'), or those
   * with these codes (a day that already has a plan: 'You already have a plan for this day.').
   */
  serverMessageFor?: 'any' | readonly ErrorCode[];
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationToasts;
  }
}

function failureMessage(error: Error, toasts: MutationToasts): string | undefined {
  const { failed, serverMessageFor } = toasts;
  if (!(error instanceof ApiClientError) || serverMessageFor === undefined) {
    return failed;
  }
  if (serverMessageFor === 'any') {
    return error.message;
  }
  return serverMessageFor.some((code) => code === error.code) ? error.message : failed;
}

/**
 * The mutation cache of every query client the app makes: it runs before the mutation's own
 * callbacks, so an optimistic change's rollback (lib/optimistic.ts) follows the toast within the
 * same turn, before anything is drawn.
 */
export function createMutationCache(): MutationCache {
  return new MutationCache({
    onSuccess: (_data, _variables, _context, mutation) => {
      const message = mutation.meta?.succeeded;
      if (message !== undefined) {
        notify.success(message);
      }
    },
    onError: (error, _variables, _context, mutation) => {
      const message = mutation.meta && failureMessage(error, mutation.meta);
      if (message !== undefined) {
        notify.error(message);
      }
    },
  });
}
