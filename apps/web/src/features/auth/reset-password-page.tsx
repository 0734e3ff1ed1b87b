import { MESSAGES, PASSWORD_RESET_TTL_MS } from '@daywise/shared';
import { PASSWORD_RULES, resetPasswordFormSchema } from '@daywise/shared/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle, CheckCircle2, Circle, Loader2, ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';

import { ErrorAlert, primaryButtonClass, SubmitButton } from '../../components/form-field';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { ApiClientError } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import type { LinkToken } from './api';
import { AuthCard } from './auth-card';
import { AuthLinks } from './auth-links';
import { PasswordField } from './password-input';
import { useAccountAction, useResetLinkCheck } from './use-account';
import { useLinkParams } from './use-link-params';

type ResetPasswordInput = z.input<typeof resetPasswordFormSchema>;
type ResetPassword = z.output<typeof resetPasswordFormSchema>;

const HOUR_MS = 3_600_000;
const linkLifetimeHours = PASSWORD_RESET_TTL_MS / HOUR_MS;
/** "1 hour", derived from the one constant the server uses too. */
const LINK_LIFETIME = `${linkLifetimeHours} ${linkLifetimeHours === 1 ? 'hour' : 'hours'}`;

/**
 * Reset password: the link is checked first, then the visitor sets a new
 * password. A missing, expired or used link shows the invalid panel.
 */
export default function ResetPasswordPage() {
  const params = useLinkParams();
  const userId = params.get('userId') ?? '';
  const secret = params.get('secret') ?? '';
  const hasLink = userId !== '' && secret !== '';

  const check = useResetLinkCheck({ userId, secret }, hasLink);

  // One toast for the outcome of the check (token verify).
  const announced = useRef(false);
  const { status, error } = check;
  useEffect(() => {
    if (announced.current) {
      return;
    }
    if (status === 'success') {
      announced.current = true;
      notify.success(MESSAGES.resetTokenVerified);
    } else if (status === 'error') {
      announced.current = true;
      notify.error(
        error instanceof ApiClientError && error.code !== 'VALIDATION_FAILED'
          ? error.message
          : MESSAGES.resetTokenInvalid,
      );
    }
  }, [status, error]);

  // A check that got no answer (offline, or the server failing) says nothing about the link: it
  // offers Try Again instead of calling the link invalid.
  if (
    hasLink &&
    error instanceof ApiClientError &&
    (error.code === 'NETWORK' || error.status >= 500)
  ) {
    return (
      <AuthCard title="Reset Password">
        <div role="alert">
          <LoadError
            message={error.message}
            onRetry={() => void check.refetch()}
            className={errorPanelClass}
          />
        </div>
      </AuthCard>
    );
  }
  if (!hasLink || check.isError) {
    return <InvalidLinkPanel />;
  }
  if (check.isPending) {
    return (
      <AuthCard title="Reset Password">
        <p
          role="status"
          className="flex items-center justify-center gap-3 py-6 text-gray-700 dark:text-gray-300"
        >
          <Loader2 aria-hidden className="size-5 animate-spin text-blue-600 dark:text-blue-400" />
          Verifying reset link...
        </p>
      </AuthCard>
    );
  }
  return <NewPasswordForm userId={userId} secret={secret} />;
}

function InvalidLinkPanel() {
  return (
    <AuthCard title="Invalid Reset Link" footer={<AuthLinks links={['login']} />}>
      <div className="space-y-5 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300">
          <AlertTriangle aria-hidden className="size-7" />
        </span>
        <div className="space-y-2">
          <h2 className="text-lg font-semibold">Link Expired or Invalid</h2>
          <p className="text-gray-700 dark:text-gray-300">
            This password reset link has expired or has already been used. Reset links work once and
            expire after {LINK_LIFETIME}. Request a new one to choose your password.
          </p>
        </div>
        <Link to="/forgot-password" className={`${primaryButtonClass} w-full`}>
          Request New Reset Link
        </Link>
      </div>
    </AuthCard>
  );
}

/** The new password, then the same again. */
const NEW_PASSWORD_FIELDS = [
  { name: 'password', label: 'New Password' },
  { name: 'confirmPassword', label: 'Confirm New Password' },
] as const;

function NewPasswordForm({ userId, secret }: LinkToken) {
  const navigate = useNavigate();
  const form = useForm<ResetPasswordInput, unknown, ResetPassword>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  const mutation = useAccountAction('resetPassword', {
    onSuccess: () => notify.success(MESSAGES.resetSuccess),
    onError: async (error) => {
      if (error instanceof ApiClientError && error.code === 'RESET_LINK_INVALID') {
        notify.error(MESSAGES.resetLinkExpired);
        await navigate('/forgot-password', { replace: true });
        return;
      }
      notify.error(error instanceof ApiClientError ? error.message : MESSAGES.resetFailed);
      // The server's own field checks (a common password) show under their field.
      const passwordError = error instanceof ApiClientError ? error.fields.password : undefined;
      if (passwordError) {
        form.setError('password', { message: passwordError }, { shouldFocus: true });
        return;
      }
      form.setError('root.server', { message: MESSAGES.resetGenericFieldError });
    },
  });

  if (mutation.isSuccess) {
    return (
      <AuthCard title="Password Reset Complete">
        <div className="space-y-5 text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-green-50 text-green-700 dark:bg-green-950 dark:text-green-300">
            <CheckCircle2 aria-hidden className="size-7" />
          </span>
          <p role="status" className="text-gray-700 dark:text-gray-300">
            Your password has been changed. For your security you were signed out everywhere; log in
            with your new password.
          </p>
          <Link to="/login" className={`${primaryButtonClass} w-full`}>
            Continue to Login
          </Link>
        </div>
      </AuthCard>
    );
  }

  const serverError = errors.root?.server?.message;

  return (
    <AuthCard
      title="Set New Password"
      subtitle="Choose a new password for your Daywise account."
      footer={<AuthLinks links={['login']} />}
    >
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          if (!mutation.isPending) {
            mutation.mutate({ userId, secret, password: values.password });
          }
        })}
        className="space-y-5"
      >
        {NEW_PASSWORD_FIELDS.map(({ name, label }) => (
          <PasswordField
            key={name}
            label={label}
            error={errors[name]?.message}
            registration={form.register(name)}
            required
            autoComplete="new-password"
          />
        ))}
        <section
          aria-labelledby="password-requirements-title"
          className="rounded-lg bg-blue-50 p-4 text-sm text-blue-950 dark:bg-blue-950 dark:text-blue-50"
        >
          <h2
            id="password-requirements-title"
            className="mb-2 flex items-center gap-2 font-semibold"
          >
            <ShieldCheck aria-hidden className="size-4" />
            Password requirements
          </h2>
          <ul className="space-y-1">
            {PASSWORD_RULES.map((rule) => {
              const met = rule.test(password);
              return (
                <li key={rule.label} className="flex items-center gap-2">
                  {met ? (
                    <CheckCircle2
                      aria-hidden
                      className="size-4 text-green-700 dark:text-green-400"
                    />
                  ) : (
                    <Circle aria-hidden className="size-4 text-blue-800 dark:text-blue-200" />
                  )}
                  <span>{rule.label}</span>
                  <span className="sr-only">{met ? '(met)' : '(not met yet)'}</span>
                </li>
              );
            })}
          </ul>
        </section>
        {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
        <SubmitButton
          pending={mutation.isPending}
          pendingLabel="Updating Password..."
          className="w-full"
        >
          Update Password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
