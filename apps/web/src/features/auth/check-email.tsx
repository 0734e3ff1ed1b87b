import {
  COUNTDOWN_RESYNC_THRESHOLD_MS,
  MESSAGES,
  VERIFICATION_TTL_MS,
  VERIFIED_REDIRECT_MS,
} from '@daywise/shared';
import type { PendingVerification as SignUpResult } from '@daywise/shared/schemas';
import { CheckCircle2, Clock, Loader2, MailCheck } from 'lucide-react';
import { useContext, useEffect, useEffectEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { Button } from '../../components/button';
import { ApiClientError } from '../../lib/api-client';
import type { DashboardArrival } from '../../lib/dashboard-arrival';
import { HoldSignedInRedirect, useRefreshSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { AuthCard, authLinkClass } from './auth-card';
import { useAccountAction, useVerificationPoll } from './use-account';

/** The pending account the screen waits on, and when its link expires (an ISO time) if known. */
export type PendingVerification = Pick<SignUpResult, 'userId' | 'email' | 'name'> &
  Partial<Pick<SignUpResult, 'expiresAt'>>;

/**
 * The pending verification is kept in this tab's sessionStorage, so a reload of the Check Your
 * Email screen keeps its countdown and Resend (docs/product/accounts.md#sign-up-and-verification).
 */
const PENDING_KEY = 'daywise.pendingVerification';

export function savePendingVerification(pending: PendingVerification): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  } catch {
    // Storage full or blocked: the screen still works until a reload.
  }
}

export function loadPendingVerification(): PendingVerification | null {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    const stored = raw
      ? (JSON.parse(raw) as Partial<Record<keyof PendingVerification, unknown>>)
      : {};
    const { userId, email, name, expiresAt } = stored;
    if (typeof userId !== 'string' || typeof email !== 'string' || typeof name !== 'string') {
      return null;
    }
    return { userId, email, name, ...(typeof expiresAt === 'string' ? { expiresAt } : {}) };
  } catch {
    return null;
  }
}

export function clearPendingVerification(): void {
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Nothing stored that could be read back.
  }
}

type Phase = 'waiting' | 'verified' | 'expired';

const TTL_S = VERIFICATION_TTL_MS / 1000;

/** m:ss (the countdown starts at 5:00). */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, seconds);
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, '0')}`;
}

/** Whole seconds left until `expiresAt` (a full link's life if unknown), 0 once it has passed. */
function secondsUntil(expiresAt: string | undefined): number {
  const ms = expiresAt === undefined ? Number.NaN : Date.parse(expiresAt) - Date.now();
  return Number.isNaN(ms) ? TTL_S : Math.min(TTL_S, Math.max(0, Math.ceil(ms / 1000)));
}

/** Keeps the stored pending verification's expiry in step with the countdown shown. */
function storeSecondsLeft(pending: PendingVerification, seconds: number): void {
  savePendingVerification({
    ...pending,
    expiresAt: new Date(Date.now() + seconds * 1000).toISOString(),
  });
}

/**
 * The Check Your Email screen: a 5:00 countdown, a status poll every 3 s that
 * resyncs the countdown when the server differs by more than 5 s, resend, and the waiting,
 * verified and expired states.
 */
export function CheckEmail({
  pending,
  onBack,
}: {
  pending: PendingVerification;
  onBack: () => void;
}) {
  const [phase, setPhase] = useState<Phase>('waiting');
  const [deadline, setDeadline] = useState(
    () => Date.now() + secondsUntil(pending.expiresAt) * 1000,
  );
  const [now, setNow] = useState(Date.now);
  const secondsLeft = Math.max(0, Math.ceil((deadline - now) / 1000));
  /** Sets the countdown to `seconds` from now. */
  const countFrom = (seconds: number) => {
    const from = Date.now();
    setDeadline(from + seconds * 1000);
    setNow(from);
  };
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const holdRedirect = useContext(HoldSignedInRedirect);
  // At zero the link has expired: the countdown and the polling stop.
  const current: Phase = phase === 'waiting' && secondsLeft === 0 ? 'expired' : phase;

  // The countdown reads the clock every second and shows the time left until its deadline, rather
  // than taking a second off per tick: a tick that comes late (a background tab's timers are slowed)
  // or just after a resync then still shows the time the server gave.
  useEffect(() => {
    if (current !== 'waiting') {
      return;
    }
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [current]);

  // The status poll.
  useVerificationPoll(pending.userId, current === 'waiting', (status) => {
    if (status.verified) {
      setPhase('verified');
    } else if (status.expired) {
      countFrom(0);
    } else {
      const serverSeconds = Math.round(status.remainingTime / 1000);
      if (Math.abs(serverSeconds - secondsLeft) * 1000 > COUNTDOWN_RESYNC_THRESHOLD_MS) {
        countFrom(serverSeconds);
        storeSecondsLeft(pending, serverSeconds);
      }
    }
  });

  // Verified or expired, the pending verification is over: a reload shows the sign-up form.
  useEffect(() => {
    if (current !== 'waiting') {
      clearPendingVerification();
    }
  }, [current]);

  // Verified: the user is signed in at once (the header says so), welcomed, and taken to the
  // dashboard after 2 s; the guard of /signup holds its own redirect meanwhile, so 'Email
  // Verified!' stays for its 2 s.
  const welcome = useEffectEvent(() => {
    void refreshSession();
    notify.success(MESSAGES.welcome(pending.name));
  });
  const goToDashboard = useEffectEvent(
    () => void navigate('/dashboard', { state: { firstVisit: true } satisfies DashboardArrival }),
  );
  useEffect(() => {
    if (phase !== 'verified') {
      return;
    }
    holdRedirect(true);
    welcome();
    const timer = setTimeout(goToDashboard, VERIFIED_REDIRECT_MS);
    return () => {
      clearTimeout(timer);
      holdRedirect(false);
    };
  }, [phase, holdRedirect]);

  const resendVerification = useAccountAction('resendVerification', {
    onSuccess: () => {
      notify.success(MESSAGES.verificationResent);
      countFrom(TTL_S);
      storeSecondsLeft(pending, TTL_S);
      setPhase('waiting');
    },
    onError: (error) =>
      notify.error(
        error instanceof ApiClientError ? error.message : MESSAGES.verificationResendFailed,
      ),
  });
  const sending = resendVerification.isPending;
  const resend = () => {
    if (sending || current !== 'waiting') {
      return;
    }
    resendVerification.mutate(pending.userId);
  };

  if (current === 'verified') {
    return (
      <AuthCard title="Email Verified!">
        <p
          role="status"
          className="flex flex-col items-center gap-3 text-center text-gray-700 dark:text-gray-300"
        >
          <CheckCircle2 aria-hidden className="size-12 text-green-600" />
          Redirecting to dashboard in 2 seconds...
        </p>
      </AuthCard>
    );
  }

  if (current === 'expired') {
    return (
      <AuthCard title="Verification Expired">
        <div className="space-y-5 text-center">
          <p className="text-gray-700 dark:text-gray-300">
            The verification link for <strong>{pending.email}</strong> has expired. Sign up again to
            get a new one, or sign in if you already verified your email.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
            <Button onClick={onBack}>Back to Sign Up</Button>
            <Link
              to="/login"
              className="inline-flex items-center justify-center rounded-lg border border-gray-300 px-5 py-2.5 font-semibold hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800"
            >
              Sign In Instead
            </Link>
          </div>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Check Your Email">
      <div className="space-y-5 text-center">
        <MailCheck aria-hidden className="mx-auto size-12 text-blue-600 dark:text-blue-400" />
        <p className="text-gray-700 dark:text-gray-300">
          We sent a verification link to <strong className="break-all">{pending.email}</strong>.
          Click it to activate your account.
        </p>
        <p className="flex items-center justify-center gap-2 text-sm text-gray-700 dark:text-gray-300">
          <Clock aria-hidden className="size-4" />
          Link expires in{' '}
          <span
            className="font-mono text-base font-semibold"
            aria-live="off"
            data-testid="countdown"
          >
            {formatCountdown(secondsLeft)}
          </span>
        </p>
        <Button onClick={resend} disabled={sending} className="w-full">
          {sending && <Loader2 aria-hidden className="size-4 animate-spin" />}
          {sending ? 'Sending...' : 'Resend Verification Email'}
        </Button>
        <Button variant="bare" onClick={onBack} className={`${authLinkClass} text-sm`}>
          Back to Sign Up
        </Button>
        <p className="text-xs text-gray-600 dark:text-gray-300">
          Can&apos;t find it? Check your spam folder.
        </p>
      </div>
    </AuthCard>
  );
}
