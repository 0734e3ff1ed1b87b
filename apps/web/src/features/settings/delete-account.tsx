import { MESSAGES } from '@daywise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '../../components/button';
import {
  dialogContentClass,
  dialogOverlayClass,
  dialogTextClass,
  dialogTitleClass,
} from '../../components/dialog';
import { DialogCloseButton } from '../../components/dialog-close';
import { inputClass } from '../../components/form-field';
import { CloseOnBack } from '../../components/use-close-on-back';
import { ApiClientError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { endSessionHere } from '../../lib/session';
import { notify, progressToast } from '../../lib/toast';
import { useDeleteAccount } from './use-account-sessions';

type Step = 'closed' | 'warn' | 'confirm' | 'type';

const CONFIRMATION = 'DELETE';

/**
 * Delete Account: a dialog, then a confirmation, then typing DELETE
 * exactly; the server soft-deletes the account and ends every session.
 */
export function DeleteAccount() {
  const [step, setStep] = useState<Step>('closed');
  const [typed, setTyped] = useState('');
  // Set by Enter on the wrong text: the confirm button is disabled, so Enter explains why.
  const [attempted, setAttempted] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const removeAccount = useDeleteAccount();

  const close = () => {
    setStep('closed');
    setTyped('');
    setAttempted(false);
  };

  const matches = typed === CONFIRMATION;
  // A typo shows at once, and the dialog stays open to fix it (docs/product/profile-and-settings.md);
  // text on its way to DELETE ('DEL') is not a mismatch yet.
  const mismatch = typed !== '' && !matches && (attempted || !CONFIRMATION.startsWith(typed));

  const deleteAccount = async () => {
    if (!matches) {
      setAttempted(true);
      return;
    }
    setDeleting(true);
    const progress = progressToast.show(MESSAGES.deleting);
    await endSessionHere(queryClient, async () => {
      try {
        await removeAccount.mutateAsync();
        progressToast.dismiss(progress);
        close();
        notify.success(MESSAGES.deleted);
        await navigate('/', { flushSync: true });
        queryClient.clear();
        queryClient.setQueryData(queryKeys.session, { user: null });
      } catch (error) {
        progressToast.dismiss(progress);
        notify.error(error instanceof ApiClientError ? error.message : MESSAGES.deleteFailed);
      } finally {
        setDeleting(false);
      }
    });
  };

  const texts = {
    warn: {
      title: 'Delete Account?',
      body: 'Your todos, plans, tags, messages and settings will be removed and you will be signed out everywhere. You can restore the account itself later from the Restore Account page.',
    },
    confirm: {
      title: 'Are you absolutely sure?',
      body: 'This removes your data now. Restoring the account later does not bring it back.',
    },
    type: {
      title: 'Type DELETE to confirm',
      body: `Type ${CONFIRMATION} in capital letters to delete your account.`,
    },
  };
  const current = step === 'closed' ? null : texts[step];

  // The trigger is Radix's, so that the dialog, however it closes, gives the focus back to it
  // (WCAG 2.4.3).
  return (
    <AlertDialog.Root
      open={step !== 'closed'}
      onOpenChange={(open) => (open ? setStep('warn') : close())}
    >
      <AlertDialog.Trigger asChild>
        <Button variant="danger" size="sm">
          Delete Account
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClass} />
        <AlertDialog.Content className={dialogContentClass}>
          <CloseOnBack onClose={close} busy={deleting} />
          <AlertDialog.Title className={dialogTitleClass}>
            <AlertTriangle aria-hidden className="size-5 text-red-600" />
            {current?.title}
          </AlertDialog.Title>
          <AlertDialog.Description className={dialogTextClass}>
            {current?.body}
          </AlertDialog.Description>
          {step === 'type' && (
            <form
              id="delete-confirmation-form"
              noValidate
              className="mt-4"
              onSubmit={(event) => {
                event.preventDefault();
                if (!deleting) {
                  void deleteAccount();
                }
              }}
            >
              <label htmlFor="delete-confirmation" className="sr-only">
                Confirmation text
              </label>
              <input
                id="delete-confirmation"
                value={typed}
                onChange={(event) => {
                  setTyped(event.target.value);
                  setAttempted(false);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !matches) {
                    setAttempted(true);
                  }
                }}
                autoComplete="off"
                aria-invalid={mismatch}
                aria-describedby={mismatch ? 'delete-confirmation-error' : undefined}
                className={inputClass}
              />
              {mismatch && (
                <p
                  id="delete-confirmation-error"
                  role="alert"
                  className="mt-1.5 text-sm text-red-700 dark:text-red-300"
                >
                  {MESSAGES.deleteTypeMismatch}
                </p>
              )}
            </form>
          )}
          <div className="mt-6 flex justify-end gap-3">
            <DialogCloseButton alert>Cancel</DialogCloseButton>
            {step === 'warn' && (
              <Button onClick={() => setStep('confirm')} variant="danger" size="sm">
                Continue
              </Button>
            )}
            {step === 'confirm' && (
              <Button onClick={() => setStep('type')} variant="danger" size="sm">
                Yes, delete my data
              </Button>
            )}
            {step === 'type' && (
              <Button
                type="submit"
                form="delete-confirmation-form"
                disabled={deleting || !matches}
                variant="danger"
                size="sm"
              >
                {deleting ? 'Deleting...' : 'Delete Account'}
              </Button>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
