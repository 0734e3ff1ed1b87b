import { Dialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';

import { Button } from './button';
import {
  dialogContentClass,
  dialogOverlayClass,
  dialogTextClass,
  dialogTitleClass,
} from './dialog';
import { DialogCloseButton } from './dialog-close';
import { DialogToaster } from './toaster';
import { useCloseOnBack } from './use-close-on-back';

const WIDTHS = { md: '', lg: 'sm:max-w-lg', xl: 'sm:max-w-2xl', '2xl': 'sm:max-w-3xl' } as const;

const FOCUSABLE =
  'input:not([disabled]), button:not([disabled]), select:not([disabled]), textarea, a[href], [tabindex="0"]';

/**
 * The row that should take the focus if the opener's own row goes away (a confirmed delete):
 * the next row of the opener's list, or the previous one when it was the last.
 */
function neighbourRow(opener: HTMLElement | null): Element | null {
  const row = opener?.closest('li');
  return row?.nextElementSibling ?? row?.previousElementSibling ?? null;
}

/** The opener's containers, innermost first, up to <body>. */
function containers(opener: HTMLElement | null): HTMLElement[] {
  const list: HTMLElement[] = [];
  for (
    let node = opener?.parentElement;
    node && node !== document.body;
    node = node.parentElement
  ) {
    list.push(node);
  }
  return list;
}

/**
 * Where the focus goes back when a dialog closes (WCAG 2.4.3): the control that opened it, or,
 * when that control re-rendered meanwhile (its row moved lists), the one with the same label, or,
 * when its row is gone (deleted), the first control of the next row, or, when it is gone with
 * what held it ('Create Today's Plan' once the plan exists), the first control of the nearest
 * container still shown. Radix would focus its Dialog.Trigger, which these dialogs do not use,
 * and so left <body>.
 */
export function useReturnFocus(): (event: Event) => void {
  const [{ opener, neighbour, around }] = useState(() => {
    const active =
      typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null);
    return { opener: active, neighbour: neighbourRow(active), around: containers(active) };
  });
  return (event) => {
    event.preventDefault();
    if (!opener || opener === document.body) {
      return;
    }
    if (opener.isConnected) {
      opener.focus();
      return;
    }
    const label = opener.getAttribute('aria-label');
    const sameLabel = label
      ? document.querySelector<HTMLElement>(`${opener.tagName}[aria-label="${CSS.escape(label)}"]`)
      : null;
    const next = neighbour?.isConnected ? neighbour.querySelector<HTMLElement>(FOCUSABLE) : null;
    const nearest = around
      .find((container) => container.isConnected)
      ?.querySelector<HTMLElement>(FOCUSABLE);
    (sameLabel ?? next ?? nearest)?.focus();
  };
}

interface ModalProps {
  title: string;
  /** Read to screen readers; shown under the title when `showDescription` is set. */
  description: ReactNode;
  showDescription?: boolean;
  /** While true (a save running), Escape and outside clicks do not close it. */
  busy?: boolean;
  width?: keyof typeof WIDTHS;
  onClose: () => void;
  /** Puts the focus somewhere of its own as the dialog closes; true when it did. */
  focusOnClose?: () => boolean;
  /** Escape is the dialog's own first when this says so (it closes a list of suggestions). */
  keepOpenOnEscape?: () => boolean;
  children: ReactNode;
}

/**
 * A toast's buttons (Undo, close) work while a dialog is open (styles.css lets the pointer reach
 * the toaster), and pressing them does not close the dialog as a click outside it would.
 */
function keepOpenForToasts(event: { target: EventTarget | null; preventDefault: () => void }) {
  if (event.target instanceof Element && event.target.closest('[data-sonner-toaster]')) {
    event.preventDefault();
  }
}

/**
 * A dialog rendered while it is wanted (Radix supplies focus trap, Escape and labelling): the
 * forms of the signed-in pages open one by rendering it and close it through `onClose`, which
 * the browser's Back calls too (useCloseOnBack).
 */
export function Modal({
  title,
  description,
  showDescription = false,
  busy = false,
  width = 'md',
  onClose,
  focusOnClose,
  keepOpenOnEscape,
  children,
}: ModalProps) {
  const returnFocus = useReturnFocus();
  const focusAfter = (event: Event) => {
    if (focusOnClose?.()) {
      event.preventDefault();
      return;
    }
    returnFocus(event);
  };
  useCloseOnBack(onClose, busy);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content
          className={`${dialogContentClass} ${WIDTHS[width]}`}
          onCloseAutoFocus={focusAfter}
          onInteractOutside={keepOpenForToasts}
          onEscapeKeyDown={(event) => {
            if (keepOpenOnEscape?.()) {
              event.preventDefault();
            }
          }}
        >
          <Dialog.Title className={dialogTitleClass}>{title}</Dialog.Title>
          <Dialog.Description className={showDescription ? dialogTextClass : 'sr-only'}>
            {description}
          </Dialog.Description>
          {children}
          <DialogToaster />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface ModalActionsProps {
  /** The submit button's words ('Create Todo'); 'Saving...' while `busy`. */
  submitLabel: string;
  busy: boolean;
  /** Disabled besides while busy (a required field still empty). */
  disabled?: boolean;
}

/** A modal form's Cancel and submit buttons; neither works while the save runs. */
export function ModalActions({ submitLabel, busy, disabled = false }: ModalActionsProps) {
  return (
    <div className="flex justify-end gap-3 pt-2">
      <DialogCloseButton disabled={busy}>Cancel</DialogCloseButton>
      <Button type="submit" disabled={disabled || busy} size="sm">
        {busy ? 'Saving...' : submitLabel}
      </Button>
    </div>
  );
}
