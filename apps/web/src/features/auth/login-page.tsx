import { MESSAGES } from '@daywise/shared';
import type { Login, LoginInput } from '@daywise/shared/schemas';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, type Location, useLocation, useNavigate } from 'react-router';

import { EmailField, ErrorAlert, SubmitButton } from '../../components/form-field';
import { ApiClientError } from '../../lib/api-client';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useSignedIn } from '../../lib/session';
import { notify } from '../../lib/toast';
import { AuthCard, authLinkClass } from './auth-card';
import { AuthLinks } from './auth-links';
import { PasswordField } from './password-input';
import { WithSso } from './sso-sign-in';
import { useAccountAction } from './use-account';

/** What other pages hand the login page: where to return, a prefilled email, a notice. */
export interface LoginState {
  from?: Location;
  email?: string;
  message?: string;
}

/** The login schema and zod, loaded as the visitor starts on the form (ADR 0018). */
const loginResolver = lazyResolver<LoginInput, Login>(async () => {
  const [{ loginSchema }, { zodResolver }] = await Promise.all([
    import('@daywise/shared/schemas'),
    import('@hookform/resolvers/zod'),
  ]);
  return zodResolver(loginSchema);
});

export default function LoginPage() {
  const location = useLocation();
  const state = (location.state ?? {}) as LoginState;
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const [failure, setFailure] = useState<string | null>(null);

  const form = useForm<LoginInput, unknown, Login>({
    resolver: loginResolver.resolver,
    defaultValues: { email: state.email ?? '', password: '', rememberMe: false },
    // A field error clears when the user edits that field (it is checked again on submit).
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;

  const login = useAccountAction('login', {
    onSuccess: async ({ user }) => {
      signedIn(user);
      notify.success(MESSAGES.loginSuccess);
      const from = state.from;
      await navigate(from ? `${from.pathname}${from.search}${from.hash}` : '/dashboard', {
        replace: true,
      });
    },
    onError: (error) => {
      // A server that cannot be reached says nothing of the email or the password.
      if (error instanceof ApiClientError && error.code === 'NETWORK') {
        setFailure(error.message);
        notify.error(MESSAGES.loginFailed);
        return;
      }
      // Deleted, disabled (ADR 0039) and unverified accounts: texts of docs/product/accounts.md;
      // others learn nothing.
      const known =
        error instanceof ApiClientError &&
        [
          'ACCOUNT_DELETED',
          'ACCOUNT_DISABLED',
          'EMAIL_NOT_VERIFIED',
          'RATE_LIMITED',
          'SSO_ONLY',
        ].includes(error.code);
      const message = known ? error.message : MESSAGES.invalidCredentials;
      setFailure(message);
      notify.error(known ? error.message : MESSAGES.loginFailed);
    },
  });

  return (
    <AuthCard
      title="Welcome Back"
      subtitle="Log in to continue planning your day."
      footer={<AuthLinks links={['signup', 'restore']} />}
    >
      {state.message && (
        <p
          role="status"
          className="mb-5 flex gap-2 rounded-lg bg-blue-50 p-3 text-sm text-blue-900 dark:bg-blue-950 dark:text-blue-100"
        >
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          {state.message}
        </p>
      )}
      <WithSso adminSummary="Administrators: log in with a password">
        <form
          noValidate
          onFocus={loginResolver.preload}
          onSubmit={form.handleSubmit((values) => {
            setFailure(null);
            login.mutate(values);
          })}
          className="space-y-5"
        >
          <EmailField
            error={errors.email?.message}
            registration={form.register('email', { onChange: () => form.clearErrors('email') })}
          />
          <PasswordField
            label="Password"
            error={errors.password?.message}
            registration={form.register('password', {
              onChange: () => form.clearErrors('password'),
            })}
            autoComplete="current-password"
          />
          <div className="flex items-center justify-between gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                {...form.register('rememberMe')}
                className="size-4 rounded border-gray-300 accent-blue-600"
              />
              Remember me
            </label>
            <Link to="/forgot-password" className={authLinkClass}>
              Forgot password?
            </Link>
          </div>
          {failure && <ErrorAlert>{failure}</ErrorAlert>}
          <SubmitButton pending={login.isPending} pendingLabel="Logging in..." className="w-full">
            Log In
          </SubmitButton>
        </form>
      </WithSso>
    </AuthCard>
  );
}
