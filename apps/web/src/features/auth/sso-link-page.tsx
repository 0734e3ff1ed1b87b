import { MESSAGES } from '@daywise/shared';
import { SSO_MESSAGES } from '@daywise/shared/sso-messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';

import { ErrorAlert, SubmitButton } from '../../components/form-field';
import { ApiClientError } from '../../lib/api-client';
import { useSignedIn } from '../../lib/session';
import { notify } from '../../lib/toast';
import { AuthCard, authLinkClass } from './auth-card';
import { PasswordField } from './password-input';
import { useAccountAction, usePendingSsoLink } from './use-account';

/**
 * Where a single sign-on lands when an account with its email already exists (ADR 0038): the
 * account's password, given once, connects the sign-in service; later sign-ins go straight in.
 */
export default function SsoLinkPage() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const [failure, setFailure] = useState<string | null>(null);
  const pending = usePendingSsoLink();
  const form = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const link = useAccountAction('linkSso', {
    onSuccess: async ({ user }) => {
      signedIn(user);
      notify.success(SSO_MESSAGES.linked);
      await navigate('/dashboard', { replace: true });
    },
    onError: (error) => {
      setFailure(error instanceof ApiClientError ? error.message : SSO_MESSAGES.failed);
    },
  });

  const expired =
    pending.isError ||
    (link.error instanceof ApiClientError && link.error.code === 'SSO_LINK_EXPIRED');

  return (
    <AuthCard
      title="Connect Single Sign-On"
      subtitle={
        pending.data ? (
          <>
            An account with <strong>{pending.data.email}</strong> already exists. Enter its password
            once to connect your sign-in service; after that, single sign-on takes you straight in.
          </>
        ) : undefined
      }
      footer={
        <Link to="/login" className={authLinkClass}>
          Back to Login
        </Link>
      }
    >
      {expired ? (
        <ErrorAlert>{SSO_MESSAGES.linkExpired}</ErrorAlert>
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit(({ password }) => {
            setFailure(null);
            if (password === '') {
              form.setError('password', { message: MESSAGES.passwordRequired });
              return;
            }
            link.mutate({ password });
          })}
          className="space-y-5"
        >
          <PasswordField
            label="Password"
            error={form.formState.errors.password?.message}
            registration={form.register('password')}
            autoComplete="current-password"
          />
          {failure && <ErrorAlert>{failure}</ErrorAlert>}
          <SubmitButton pending={link.isPending} pendingLabel="Connecting..." className="w-full">
            Connect and Log In
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
