import { MESSAGES, PASSWORD_RESET_TTL_MS } from '@daywise/shared';
import { emailOnlySchema } from '@daywise/shared/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Info, KeyRound, Loader2, Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';

import { Button } from '../../components/button';
import { EmailField } from '../../components/form-field';
import { ApiClientError } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { AuthCard, authLinkClass } from './auth-card';
import { AuthLinks } from './auth-links';
import { useAccountAction } from './use-account';

type ForgotPasswordInput = z.input<typeof emailOnlySchema>;
type ForgotPassword = z.output<typeof emailOnlySchema>;

/** The field error type that asks for a link to the Restore Account page next to the message. */
const DELETED_ERROR_TYPE = 'account-deleted';

const HOUR_MS = 3_600_000;
const linkLifetimeHours = PASSWORD_RESET_TTL_MS / HOUR_MS;
/** "1 hour", derived from the one constant the server uses too. */
const LINK_LIFETIME = `${linkLifetimeHours} ${linkLifetimeHours === 1 ? 'hour' : 'hours'}`;

/** Forgot password: form, sending, sent confirmation, and back to the form. */
export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);

  const form = useForm<ForgotPasswordInput, unknown, ForgotPassword>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const mutation = useAccountAction('forgotPassword', {
    onSuccess: (_data, values) => {
      notify.success(MESSAGES.resetEmailSent);
      setSentTo(values.email);
    },
    onError: (error) => {
      const code = error instanceof ApiClientError ? error.code : undefined;
      if (code === 'ACCOUNT_NOT_FOUND') {
        notify.error(MESSAGES.resetNoAccount);
        form.setError('email', { type: 'server', message: MESSAGES.resetNoAccount });
      } else if (code === 'RESET_ACCOUNT_DELETED') {
        notify.error(MESSAGES.resetAccountDeleted);
        form.setError('email', { type: DELETED_ERROR_TYPE, message: MESSAGES.resetAccountDeleted });
      } else {
        notify.error(error instanceof ApiClientError ? error.message : MESSAGES.resetEmailFailed);
        form.setError('email', { type: 'server', message: MESSAGES.resetGenericFieldError });
      }
    },
  });

  const sendAnother = () => {
    // Back to the form with the address still filled in.
    form.reset({ email: sentTo ?? '' });
    mutation.reset();
    setSentTo(null);
  };

  if (sentTo !== null) {
    return (
      <AuthCard
        title="Check Your Email"
        subtitle="Your password reset link is on its way."
        footer={<AuthLinks links={['login']} />}
      >
        <div className="space-y-5 text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-blue-50 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
            <Mail aria-hidden className="size-7" />
          </span>
          <p role="status" className="text-gray-700 dark:text-gray-300">
            We sent a password reset link to{' '}
            <strong className="font-semibold break-all text-gray-900 dark:text-white">
              {sentTo}
            </strong>
            .
          </p>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            The link expires in {LINK_LIFETIME}. Open it to choose a new password.
          </p>
          <p className="text-sm text-gray-600 dark:text-gray-300">
            Can&apos;t find the email? Check your spam or junk folder, or send another one.
          </p>
          <Button onClick={sendAnother} variant="outline">
            Send Another Email
          </Button>
        </div>
      </AuthCard>
    );
  }

  const emailError = errors.email;

  return (
    <AuthCard
      title="Forgot Password?"
      subtitle="Enter the email address of your account and we'll send you a link to reset your password."
      footer={<AuthLinks links={['login', 'signup', 'restore']} />}
    >
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          if (!mutation.isPending) {
            mutation.mutate(values);
          }
        })}
        className="space-y-5"
      >
        <div className="space-y-2">
          <EmailField
            error={emailError?.message}
            registration={form.register('email')}
            placeholder="you@example.com"
          />
          {emailError?.type === DELETED_ERROR_TYPE && (
            <p className="text-sm text-gray-700 dark:text-gray-300">
              Go to the{' '}
              <Link to="/restore-account" className={authLinkClass}>
                Restore Account
              </Link>{' '}
              page to bring your account back, then reset your password.
            </p>
          )}
        </div>
        <Button type="submit" disabled={mutation.isPending} className="w-full">
          {mutation.isPending ? (
            <Loader2 aria-hidden className="size-4 animate-spin" />
          ) : (
            <KeyRound aria-hidden className="size-4" />
          )}
          {mutation.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <p className="flex gap-2 rounded-lg bg-blue-50 p-3 text-sm text-blue-900 dark:bg-blue-950 dark:text-blue-100">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            For your security, password reset links expire in {LINK_LIFETIME} and work only once.
          </span>
        </p>
      </form>
    </AuthCard>
  );
}
