import { MESSAGES } from '@daywise/shared';
import { ACCESS_MESSAGES } from '@daywise/shared/access-messages';
import { SSO_MESSAGES } from '@daywise/shared/sso-messages';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

import { buttonClass } from '../../components/button';
import { ErrorAlert } from '../../components/form-field';
import { useHydrated } from '../../lib/browser-value';
import { useSignInOptions } from './use-account';

/** Where the server sends a failed single sign-on back to: `/login?sso=<why>` (ADR 0038). */
const FAILURES: Record<string, string> = {
  unavailable: SSO_MESSAGES.unavailable,
  failed: SSO_MESSAGES.failed,
  cancelled: SSO_MESSAGES.cancelled,
  expired: SSO_MESSAGES.expired,
  'email-unverified': SSO_MESSAGES.emailUnverified,
  'email-missing': SSO_MESSAGES.emailMissing,
  deleted: MESSAGES.accountDeleted,
  disabled: ACCESS_MESSAGES.accountDisabled,
  'invite-only': ACCESS_MESSAGES.registrationInviteOnly,
  'registration-closed': ACCESS_MESSAGES.registrationClosed,
};

/** Why the single sign-on that brought the visitor back failed; null when none did. */
function failureIn(search: string): string | null {
  const reason = new URLSearchParams(search).get('sso');
  return reason === null ? null : (FAILURES[reason] ?? SSO_MESSAGES.failed);
}

/** The single sign-on button, a plain link to the server's start of the flow, and "or". */
export function SsoButton({ label }: { label: string }) {
  return (
    <div className="mb-6 space-y-6">
      <a href="/sso/start" className={`${buttonClass('secondary', 'md')} w-full`}>
        {label}
      </a>
      <div className="flex items-center gap-3 text-xs text-gray-500 dark:text-gray-400">
        <span className="h-px flex-1 bg-gray-200 dark:bg-gray-700" />
        or
        <span className="h-px flex-1 bg-gray-200 dark:bg-gray-700" />
      </div>
    </div>
  );
}

/**
 * The single sign-on part of the login and sign-up pages around their password form: the
 * button when one is configured, the failure that brought the visitor back, and, with OIDC_ONLY,
 * the password form folded away for the administrators who still use it.
 */
export function WithSso({ adminSummary, children }: { adminSummary: string; children: ReactNode }) {
  const { data: options } = useSignInOptions();
  const { search } = useLocation();
  // Prerendered without a query (ADR 0006): the reason shows from the render after hydration.
  const failure = useHydrated() ? failureIn(search) : null;
  return (
    <>
      {failure && (
        <div className="mb-5">
          <ErrorAlert>{failure}</ErrorAlert>
        </div>
      )}
      {options?.sso && <SsoButton label={options.sso.label} />}
      {options?.passwordForAdminsOnly ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-center text-gray-600 dark:text-gray-300">
            {adminSummary}
          </summary>
          <div className="mt-5">{children}</div>
        </details>
      ) : (
        children
      )}
    </>
  );
}
