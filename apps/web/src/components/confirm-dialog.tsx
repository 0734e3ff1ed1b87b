import { AlertTriangle, CheckCircle2, Info, type LucideIcon } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';

import {
  dangerButtonClass,
  dialogContentClass,
  dialogOverlayClass,
  dialogTextClass,
  dialogTitleClass,
  plainButtonClass,
  smallPrimaryButtonClass,
} from './dialog';

/** The confirm dialog types (docs/product/social.md): danger, success, info, warning. */
export type ConfirmTone = 'danger' | 'success' | 'info' | 'warning';

/**
 * The tones' confirm buttons: the shared danger button with its colours swapped, each keeping
 * white text at 4.5:1 or better.
 */
const DANGER_COLORS = 'bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600';
const toneButton = (colors: string) => dangerButtonClass.replace(DANGER_COLORS, colors);

const TONES: Record<ConfirmTone, { icon: LucideIcon; iconClass: string; buttonClass: string }> = {
  danger: { icon: AlertTriangle, iconClass: 'text-red-600', buttonClass: dangerButtonClass },
  warning: {
    icon: AlertTriangle,
    iconClass: 'text-amber-600',
    buttonClass: toneButton(
      'bg-amber-700 text-white hover:bg-amber-800 focus-visible:outline-amber-700',
    ),
  },
  success: {
    icon: CheckCircle2,
    iconClass: 'text-green-600',
    buttonClass: toneButton(
      'bg-green-700 text-white hover:bg-green-800 focus-visible:outline-green-700',
    ),
  },
  info: { icon: Info, iconClass: 'text-blue-600', buttonClass: smallPrimaryButtonClass },
};

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** What the confirm button says while the action runs ('Deleting...'). */
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** How the dialog looks; destructive confirmations are 'danger', the default. */
  tone?: ConfirmTone;
}

/**
 * An action's confirmation, rendered while it is wanted: Cancel or Escape closes it, nothing
 * closes it while the action runs.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  onClose,
  tone = 'danger',
}: ConfirmDialogProps) {
  const { icon: Icon, iconClass, buttonClass } = TONES[tone];
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && !pending && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClass} />
        <AlertDialog.Content className={dialogContentClass}>
          <AlertDialog.Title className={dialogTitleClass}>
            <Icon aria-hidden className={`size-5 ${iconClass}`} />
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className={dialogTextClass}>{children}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={plainButtonClass} disabled={pending}>
              Cancel
            </AlertDialog.Cancel>
            <button type="button" disabled={pending} onClick={onConfirm} className={buttonClass}>
              {pending ? pendingLabel : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
