import {
  type ErrorCode,
  MESSAGES,
  parseVerificationLink,
  RESTORE_ERROR_REDIRECT_MS,
  VERIFIED_REDIRECT_MS,
} from '@daywise/shared';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { primaryButtonClass } from '../../components/form-field';
import { ApiClientError } from '../../lib/api-client';
import type { DashboardArrival } from '../../lib/dashboard-arrival';
import { useSession, useSignedIn } from '../../lib/session';
import { notify } from '../../lib/toast';
import { AuthCard } from './auth-card';
import { useAccountAction } from './use-account';
import { useLinkParams } from './use-link-params';

type Outcome =
  | { state: 'verifying' }
  | { state: 'success'; message: string; signedIn: boolean }
  /** The link was used before: the email is verified, which is what the user came for. */
  | { state: 'already-verified'; message: string }
  | { state: 'error'; message: string };

/** Server errors that send the user on elsewhere, and after how long. */
const REDIRECTS: Partial<Record<ErrorCode, { to: string; afterMs: number }>> = {
  RESTORE_LINK_INVALID: { to: '/restore-account', afterMs: RESTORE_ERROR_REDIRECT_MS },
  RESTORE_NOT_ELIGIBLE: { to: '/contact', afterMs: RESTORE_ERROR_REDIRECT_MS },
};

const secondaryButton =
  'inline-flex items-center justify-center rounded-lg border border-gray-300 px-5 py-2.5 font-semibold hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800';

/**
 * The landing page of emailed verification and restoration links: checks
 * the link's format, asks the server, and on success the server has signed the user in.
 * Each link is a page of its own: a newer link opened in the same tab changes only the part after
 * '#', which loads nothing, so the page starts again for it rather than keep the last outcome.
 */
export default function VerifyEmailPage() {
  const { search, hash } = useLocation();
  return <LinkOutcome key={`${search}${hash}`} />;
}

function LinkOutcome() {
  const params = useLinkParams();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const { user } = useSession();
  const link = parseVerificationLink(params);
  const [outcome, setOutcome] = useState<Outcome>(() =>
    link.ok ? { state: 'verifying' } : { state: 'error', message: link.message },
  );
  const sent = useRef(false);
  const verify = useAccountAction('verifyEmail');

  useEffect(() => {
    if (!link.ok || sent.current) {
      return;
    }
    // A link is single-use: send it once, even if the effect runs twice.
    sent.current = true;
    let redirect: ReturnType<typeof setTimeout> | undefined;
    verify
      .mutateAsync({ userId: link.userId, secret: link.secret, isRestore: link.isRestore })
      .then(
        (result) => {
          // Opened away from the browser that signed up, the link verifies but does not sign in.
          if (result.user) {
            signedIn(result.user);
          }
          const message = result.message ?? 'Your email has been verified.';
          setOutcome({ state: 'success', message, signedIn: Boolean(result.user) });
          notify.success(message);
          // Signed in by a verification (not a restoration) link: the first visit.
          const arrival: DashboardArrival = { firstVisit: !link.isRestore };
          redirect = setTimeout(
            () =>
              void navigate(result.user ? '/dashboard' : '/login', {
                replace: true,
                state: result.user ? arrival : undefined,
              }),
            VERIFIED_REDIRECT_MS,
          );
        },
        (error: unknown) => {
          const apiError = error instanceof ApiClientError ? error : null;
          // A link opened again: no failure to report, only the way on (docs/product/accounts.md).
          if (apiError?.code === 'ALREADY_VERIFIED') {
            setOutcome({ state: 'already-verified', message: apiError.message });
            redirect = setTimeout(
              () => void navigate('/login', { replace: true }),
              VERIFIED_REDIRECT_MS,
            );
            return;
          }
          const message = apiError?.message ?? MESSAGES.verificationFailedDefault;
          setOutcome({ state: 'error', message });
          notify.error(MESSAGES.verificationFailedToast);
          const next =
            apiError && apiError.code !== 'NETWORK' ? REDIRECTS[apiError.code] : undefined;
          if (next) {
            redirect = setTimeout(() => void navigate(next.to), next.afterMs);
          }
        },
      );
    return () => clearTimeout(redirect);
    // The link is read once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (outcome.state === 'verifying') {
    return (
      <AuthCard title="Verifying Email">
        <p
          role="status"
          className="flex flex-col items-center gap-3 text-center text-gray-700 dark:text-gray-300"
        >
          <Loader2 aria-hidden className="size-10 animate-spin text-blue-600" />
          Please wait while we verify your link...
        </p>
      </AuthCard>
    );
  }

  if (outcome.state === 'success') {
    return (
      <AuthCard title={link.ok && link.isRestore ? 'Account Restored!' : 'Email Verified!'}>
        <div
          role="status"
          className="flex flex-col items-center gap-3 text-center text-gray-700 dark:text-gray-300"
        >
          <CheckCircle2 aria-hidden className="size-12 text-green-600" />
          <p>{outcome.message}</p>
          <p>
            {outcome.signedIn
              ? 'Redirecting to dashboard in 2 seconds...'
              : 'Redirecting to login in 2 seconds...'}
          </p>
        </div>
      </AuthCard>
    );
  }

  if (outcome.state === 'already-verified') {
    // A signed-in user is sent on from /login to the dashboard; the button says where they go.
    return (
      <AuthCard title="Email Already Verified">
        <div className="space-y-5 text-center">
          <div
            role="status"
            className="flex flex-col items-center gap-3 text-gray-700 dark:text-gray-300"
          >
            <CheckCircle2 aria-hidden className="size-12 text-green-600" />
            <p>{outcome.message}</p>
          </div>
          <Link to={user ? '/dashboard' : '/login'} className={`${primaryButtonClass} w-full`}>
            {user ? 'Go to Dashboard' : 'Log In'}
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Verification Failed">
      <div className="space-y-5 text-center">
        <XCircle aria-hidden className="mx-auto size-12 text-red-600" />
        <p role="alert" className="text-gray-700 dark:text-gray-300">
          {outcome.message}
        </p>
        <div className="flex flex-col gap-3">
          <Link to="/verification-recovery" className={primaryButtonClass}>
            Try Account Recovery
          </Link>
          <Link to="/signup" className={secondaryButton}>
            Back to Sign Up
          </Link>
          <Link to="/login" className={secondaryButton}>
            Back to Login
          </Link>
        </div>
      </div>
    </AuthCard>
  );
}
