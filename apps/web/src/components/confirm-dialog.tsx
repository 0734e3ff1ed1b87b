import { AlertTriangle, CheckCircle2, Info, type LucideIcon } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';

import { Button, type ButtonVariant } from './button';
import {
  dialogContentClass,
  dialogOverlayClass,
  dialogTextClass,
  dialogTitleClass,
} from './dialog';
import { DialogCloseButton } from './dialog-close';
import { useReturnFocus } from './modal';
import { useCloseOnBack } from './use-close-on-back';

/** The confirm dialog types (docs/product/social.md): danger, success, info, warning. */
export type ConfirmTone = 'danger' | 'success' | 'info' | 'warning';

const TONES: Record<ConfirmTone, { icon: LucideIcon; iconClass: string; button: ButtonVariant }> = {
  danger: { icon: AlertTriangle, iconClass: 'text-red-600', button: 'danger' },
  warning: { icon: AlertTriangle, iconClass: 'text-amber-600', button: 'warning' },
  success: { icon: CheckCircle2, iconClass: 'text-green-600', button: 'success' },
  info: { icon: Info, iconClass: 'text-blue-600', button: 'primary' },
};

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  /** The confirm button's words; 'Delete' unless said. */
  confirmLabel?: string;
  /** What the confirm button says while the action runs; 'Deleting...' unless said. */
  pendingLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** How the dialog looks; destructive confirmations are 'danger', the default. */
  tone?: ConfirmTone;
  /** A second way to go on, offered before the confirm button (a list's 'Move to Inbox'). */
  alternative?: { label: string; onConfirm: () => void };
}

/**
 * An action's confirmation, rendered while it is wanted: Cancel, Escape or the browser's Back
 * closes it, nothing closes it while the action runs.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
  pending,
  onConfirm,
  onClose,
  tone = 'danger',
  alternative,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus();
  useCloseOnBack(onClose, pending);
  const { icon: Icon, iconClass, button } = TONES[tone];
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && !pending && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClass} />
        <AlertDialog.Content className={dialogContentClass} onCloseAutoFocus={returnFocus}>
          <AlertDialog.Title className={dialogTitleClass}>
            <Icon aria-hidden className={`size-5 ${iconClass}`} />
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className={dialogTextClass}>{children}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <DialogCloseButton alert disabled={pending}>
              Cancel
            </DialogCloseButton>
            {alternative && (
              <Button
                variant="outline"
                size="sm"
                disabled={pending}
                onClick={alternative.onConfirm}
              >
                {alternative.label}
              </Button>
            )}
            <Button variant={button} size="sm" disabled={pending} onClick={onConfirm}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
