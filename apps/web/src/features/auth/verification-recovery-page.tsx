import { MESSAGES, VERIFICATION_TTL_MS } from '@daywise/shared';
import { recoverySchema } from '@daywise/shared/schemas';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';

import { EmailField, SubmitButton } from '../../components/form-field';
import { ApiClientError } from '../../lib/api-client';
import { useRefreshSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { AuthCard, authLinkClass } from './auth-card';
import { PasswordField } from './password-input';
import { useAccountAction } from './use-account';

interface RecoveryForm {
  email: string;
  password: string;
}

const VERIFICATION_MINUTES = VERIFICATION_TTL_MS / 60_000;

/**
 * Verification recovery: the right password signs a verified account in,
 * and an unverified one gets a fresh verification email, so email ownership is still proven.
 */
export default function VerificationRecoveryPage() {
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const form = useForm<RecoveryForm>({ defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const recover = useAccountAction('recoverVerification', {
    onSuccess: async (result) => {
      if (result.status === 'signed-in') {
        await refreshSession();
        notify.success(MESSAGES.loginSuccess);
        await navigate('/dashboard', { replace: true });
        return;
      }
      notify.success(MESSAGES.recoveryEmailSent);
      setSentTo(result.user.email);
    },
    onError: (error) => {
      notify.error(
        error instanceof ApiClientError && error.message ? error.message : MESSAGES.recoveryFailed,
      );
    },
  });

  const submit = form.handleSubmit((values) => {
    if (recover.isPending) {
      return;
    }
    // a blank field is one toast, not per-field messages.
    if (values.email.trim() === '' || values.password === '') {
      notify.error(MESSAGES.recoveryFillAll);
      return;
    }
    form.clearErrors();
    const parsed = recoverySchema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'email' || field === 'password') {
          form.setError(field, { message: issue.message });
        }
      }
      return;
    }
    recover.mutate(parsed.data);
  });

  const busy = recover.isPending || isSubmitting;

  return (
    <AuthCard
      title="Recover Your Account"
      subtitle="Signed up but verification got stuck? Enter your email and password and we'll sort it out."
      footer={
        <p>
          Still stuck?{' '}
          <Link to="/signup" className={authLinkClass}>
            Try signing up again
          </Link>{' '}
          or{' '}
          <Link to="/contact" className={authLinkClass}>
            contact support
          </Link>
          .
        </p>
      }
    >
      {/* Always present so that screen readers announce the panel when it appears. */}
      <div role="status">
        {sentTo && (
          <div className="space-y-3 rounded-lg bg-green-50 p-4 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
            <h2 className="flex items-center gap-2 text-base font-semibold">
              <MailCheck aria-hidden className="size-5 shrink-0" />
              Check your email
            </h2>
            <p>
              We sent a new verification email to <strong className="break-all">{sentTo}</strong>.
              The link in it expires in {VERIFICATION_MINUTES} minutes.
            </p>
            <p>
              <Link
                to="/login"
                className="font-medium text-green-900 underline underline-offset-2 dark:text-green-100"
              >
                Back to Login
              </Link>
            </p>
          </div>
        )}
      </div>
      {!sentTo && (
        <form noValidate onSubmit={submit} className="space-y-5">
          <EmailField error={errors.email?.message} registration={form.register('email')} />
          <PasswordField
            label="Password"
            error={errors.password?.message}
            registration={form.register('password')}
            required
            autoComplete="current-password"
          />
          <SubmitButton pending={busy} pendingLabel="Recovering..." className="w-full">
            Recover Account
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
