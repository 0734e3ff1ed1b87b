import { MESSAGES, RESTORE_TTL_MS } from '@daywise/shared';
import { emailOnlySchema } from '@daywise/shared/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';

import { EmailField, ErrorAlert, SubmitButton } from '../../components/form-field';
import { ApiClientError } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { AuthCard } from './auth-card';
import { AuthLinks } from './auth-links';
import type { LoginState } from './login-page';
import { useAccountAction } from './use-account';

interface RestoreForm {
  email: string;
}

const RESTORE_LINK_HOURS = RESTORE_TTL_MS / 3_600_000;
const RESTORE_LINK_LIFETIME = `${RESTORE_LINK_HOURS} hour${RESTORE_LINK_HOURS === 1 ? '' : 's'}`;

/**
 * Restore a soft-deleted account (its outcomes: restored, needs verification, not found, not deleted). Restoring by email
 * sends a link first, so success goes to /login saying so (docs/product/accounts.md).
 */
export default function RestoreAccountPage() {
  const navigate = useNavigate();
  const [inlineError, setInlineError] = useState<string | null>(null);

  const form = useForm<RestoreForm>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const restore = useAccountAction('restore', {
    onSuccess: async (_result, { email }) => {
      notify.success(MESSAGES.restoreEmailSent);
      const state: LoginState = { email, message: MESSAGES.restoreEmailSent };
      await navigate('/login', { state });
    },
    onError: async (error, { email }) => {
      const code = error instanceof ApiClientError ? error.code : null;
      if (code === 'RESTORE_EMAIL_NOT_FOUND') {
        notify.error(MESSAGES.restoreToastNotFound);
        setInlineError(MESSAGES.restoreInlineNotFound);
      } else if (code === 'ACCOUNT_NOT_DELETED') {
        notify.error(MESSAGES.restoreToastNotDeleted);
        const state: LoginState = { email };
        await navigate('/login', { state });
      } else if (code === 'RATE_LIMITED') {
        notify.error(error.message);
      } else {
        notify.error(error.message || MESSAGES.restoreFailed);
        setInlineError(MESSAGES.restoreUnexpectedInline);
      }
    },
  });

  const busy = restore.isPending || isSubmitting;

  return (
    <AuthCard
      title="Restore Account"
      subtitle="Enter the email address of your deleted account and we'll send you a link to restore it."
      footer={<AuthLinks links={['login', 'signup', 'forgot']} />}
    >
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          if (restore.isPending) {
            return;
          }
          setInlineError(null);
          restore.mutate(values);
        })}
        className="space-y-5"
      >
        <EmailField error={errors.email?.message} registration={form.register('email')} />
        {inlineError && <ErrorAlert>{inlineError}</ErrorAlert>}
        <SubmitButton pending={busy} pendingLabel="Restoring..." className="w-full">
          Restore Account
        </SubmitButton>
      </form>
      <section
        aria-labelledby="restore-info-title"
        className="mt-6 rounded-lg bg-blue-50 p-4 text-sm text-blue-900 dark:bg-blue-950 dark:text-blue-100"
      >
        <h2 id="restore-info-title" className="flex items-center gap-2 font-semibold">
          <Info aria-hidden className="size-4 shrink-0" />
          About account restoration
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>A deleted account can be restored with the email address it was created with.</li>
          <li>
            We email you a restoration link. It is valid for {RESTORE_LINK_LIFETIME}; open it to
            bring your account back and sign in.
          </li>
          <li>
            Your account comes back with the same email and password. Data removed when the account
            was deleted, such as todos and plans, does not come back.
          </li>
        </ul>
      </section>
    </AuthCard>
  );
}
