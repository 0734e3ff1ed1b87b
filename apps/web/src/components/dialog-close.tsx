import { AlertDialog, Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

import { Button } from './button';

interface DialogCloseButtonProps {
  /** Its words: Cancel, Close, Dismiss. */
  children: ReactNode;
  disabled?: boolean;
  /** Inside an AlertDialog (a confirmation) rather than a Dialog. */
  alert?: boolean;
}

/** A dialog's secondary button, which closes it. */
export function DialogCloseButton({ children, disabled, alert = false }: DialogCloseButtonProps) {
  const Close = alert ? AlertDialog.Cancel : Dialog.Close;
  return (
    <Close asChild>
      <Button variant="secondary" size="sm" disabled={disabled}>
        {children}
      </Button>
    </Close>
  );
}
