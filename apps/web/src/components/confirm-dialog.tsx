import { AlertTriangle } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';

import {
  dangerButtonClass,
  dialogContentClass,
  dialogOverlayClass,
  dialogTextClass,
  dialogTitleClass,
  plainButtonClass,
} from './dialog';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** What the confirm button says while the action runs ('Deleting...'). */
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A destructive action's confirmation, rendered while it is wanted: Cancel or Escape closes it,
 * nothing closes it while the action runs.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && !pending && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClass} />
        <AlertDialog.Content className={dialogContentClass}>
          <AlertDialog.Title className={dialogTitleClass}>
            <AlertTriangle aria-hidden className="size-5 text-red-600" />
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className={dialogTextClass}>{children}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={plainButtonClass} disabled={pending}>
              Cancel
            </AlertDialog.Cancel>
            <button
              type="button"
              disabled={pending}
              onClick={onConfirm}
              className={dangerButtonClass}
            >
              {pending ? pendingLabel : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
