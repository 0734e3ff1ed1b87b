import { MESSAGES, VERIFICATION_TTL_MS } from '@daywise/shared';
import { ACCESS_MESSAGES } from '@daywise/shared/access-messages';
import { type SignUp, type SignUpInput, signUpSchema } from '@daywise/shared/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'react-router';

import {
  EmailField,
  ErrorAlert,
  FormField,
  inputClass,
  SubmitButton,
} from '../../components/form-field';
import { ApiClientError } from '../../lib/api-client';
import { useHydrated } from '../../lib/browser-value';
import { notify } from '../../lib/toast';
import { AuthCard, authLinkClass } from './auth-card';
import {
  CheckEmail,
  clearPendingVerification,
  loadPendingVerification,
  type PendingVerification,
  savePendingVerification,
} from './check-email';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-input';
import { WithSso } from './sso-sign-in';
import { useAccountAction, useRegistration } from './use-account';
import { useLinkParams } from './use-link-params';

/** Navigation state that opens the Check Your Email screen directly. */
interface SignUpState {
  showEmailVerification?: boolean;
  email?: string;
  userId?: string;
  name?: string;
}

function pendingFromState(state: unknown): PendingVerification | null {
  const { showEmailVerification, email, userId, name } = (state ?? {}) as SignUpState;
  return showEmailVerification && email && userId ? { email, userId, name: name ?? '' } : null;
}

const EMPTY: SignUpInput = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false as unknown as true,
};

/** A note above the form: who may sign up here, or the invitation the link carries (ADR 0039). */
function RegistrationNotice({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-lg bg-blue-50 p-3 text-sm text-blue-900 dark:bg-blue-950 dark:text-blue-100"
    >
      {children}
    </p>
  );
}

/**
 * Who may sign up (REGISTRATION, ADR 0039) and the invitation of the link that opened the page:
 * its secret goes with the form, its address fills the email field.
 */
function useInvitation() {
  const link = useLinkParams();
  const registration = useRegistration();
  const invitation = link.get('invitation') ?? undefined;
  const email = invitation ? (link.get('email') ?? '') : '';
  const notice = invitation
    ? `You were invited to Daywise. Create your account${email ? ` for ${email}` : ''} below.`
    : registration === 'invite'
      ? ACCESS_MESSAGES.registrationInviteOnly
      : registration === 'closed'
        ? ACCESS_MESSAGES.registrationClosed
        : null;
  return { invitation, email, notice };
}

export default function SignUpPage() {
  const location = useLocation();
  const invited = useInvitation();
  // A reload keeps the Check Your Email screen: the pending verification is in sessionStorage,
  // and what opened it in the history's state. Both are this tab's, so the page is hydrated as the
  // build drew it, the form, and shows the screen right after (error 418 otherwise).
  const hydrated = useHydrated();
  const remembered = useMemo(
    () => (hydrated ? (pendingFromState(location.state) ?? loadPendingVerification()) : null),
    [hydrated, location.state],
  );
  const [chosen, setPending] = useState<PendingVerification | null | undefined>(undefined);
  const pending = chosen === undefined ? remembered : chosen;
  const [failure, setFailure] = useState<string | null>(null);

  const form = useForm<SignUpInput, unknown, SignUp>({
    resolver: zodResolver(signUpSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';
  const { setValue } = form;
  useEffect(() => {
    if (invited.email) {
      setValue('email', invited.email);
    }
  }, [invited.email, setValue]);

  const signUp = useAccountAction('signUp', {
    onSuccess: (created) => {
      notify.success(MESSAGES.signUpSuccess);
      // The expiry is kept by this device's clock, as the countdown runs (the server's
      // `expiresAt` would be off by any clock skew); the status poll corrects both.
      const pendingVerification: PendingVerification = {
        userId: created.userId,
        email: created.email,
        name: created.name,
        expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS).toISOString(),
      };
      savePendingVerification(pendingVerification);
      setPending(pendingVerification);
    },
    onError: (error) => {
      notify.error(MESSAGES.signUpFailed);
      // The server's own field checks (a common password) show under their field.
      const passwordError = error instanceof ApiClientError ? error.fields.password : undefined;
      if (passwordError) {
        form.setError('password', { message: passwordError }, { shouldFocus: true });
        return;
      }
      setFailure(error instanceof ApiClientError ? error.message : MESSAGES.signUpFailed);
    },
  });

  if (pending) {
    return (
      <CheckEmail
        pending={pending}
        onBack={() => {
          clearPendingVerification();
          setPending(null);
        }}
      />
    );
  }

  return (
    <AuthCard
      title="Create Your Account"
      subtitle="Start planning your days with Daywise. It's free."
      footer={
        <p>
          Already have an account?{' '}
          <Link to="/login" className={authLinkClass}>
            Log in
          </Link>
        </p>
      }
    >
      {invited.notice && <RegistrationNotice>{invited.notice}</RegistrationNotice>}
      <WithSso adminSummary="Administrators: create an account with a password">
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => {
            setFailure(null);
            signUp.mutate(
              invited.invitation ? { ...values, invitation: invited.invitation } : values,
            );
          })}
          className="space-y-5"
        >
          <FormField label="Full Name" error={errors.name?.message}>
            {(field) => (
              <input
                {...field}
                {...form.register('name')}
                autoComplete="name"
                className={inputClass}
              />
            )}
          </FormField>
          <EmailField error={errors.email?.message} registration={form.register('email')} />
          <PasswordField
            label="Password"
            error={errors.password?.message}
            registration={form.register('password')}
            autoComplete="new-password"
          />
          <PasswordChecklist password={password} />
          <PasswordField
            label="Confirm Password"
            error={errors.confirmPassword?.message}
            registration={form.register('confirmPassword')}
            autoComplete="new-password"
          />
          <div className="space-y-1.5">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                {...form.register('acceptTerms')}
                aria-invalid={Boolean(errors.acceptTerms)}
                aria-describedby={errors.acceptTerms ? 'accept-terms-error' : undefined}
                className="mt-0.5 size-4 rounded border-gray-300 accent-blue-600"
              />
              <span>
                I agree to the{' '}
                <Link to="/terms" className={authLinkClass}>
                  Terms of Service
                </Link>{' '}
                and{' '}
                <Link to="/privacy" className={authLinkClass}>
                  Privacy Policy
                </Link>
              </span>
            </label>
            {errors.acceptTerms && (
              <p
                id="accept-terms-error"
                role="alert"
                className="text-sm text-red-700 dark:text-red-400"
              >
                {errors.acceptTerms.message}
              </p>
            )}
          </div>
          {failure && <ErrorAlert>{failure}</ErrorAlert>}
          <SubmitButton
            pending={signUp.isPending}
            pendingLabel="Creating Account..."
            className="w-full"
          >
            Create Account
          </SubmitButton>
        </form>
      </WithSso>
    </AuthCard>
  );
}
