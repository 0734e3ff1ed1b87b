import { PUBLIC_FORM_TIMEOUT_MS } from '@daywise/shared';

/**
 * The mutation options every public form shares (contact, feedback, sign-up, login, the password
 * and verification forms). TanStack Query would pause a mutation while the browser is offline
 * and send it once the connection returns, long after the form said nothing; a public form
 * instead tries at once, fails as it would with the server down, keeps what was typed, and sends
 * nothing later behind the visitor's back (ADR 0005, 2026-11-28).
 */
export const PUBLIC_FORM_MUTATION = { networkMode: 'always', retry: false } as const;

/**
 * The signal a public form's request carries: a server that does not answer within
 * `PUBLIC_FORM_TIMEOUT_MS` counts as unreachable, so the form's failure shows within seconds.
 */
export function publicFormSignal(): AbortSignal {
  return AbortSignal.timeout(PUBLIC_FORM_TIMEOUT_MS);
}
