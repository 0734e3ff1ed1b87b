import { BellRing } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

import { onInPageReminder, type Reminder } from '../lib/notifications';
import { Button } from './button';
import {
  dialogContentClass,
  dialogOverlayClass,
  dialogTextClass,
  dialogTitleClass,
} from './dialog';
import { DialogCloseButton } from './dialog-close';

/**
 * Shows the reminders the browser could not (notifications unsupported or denied) in a dialog
 * rather than a blocking alert(). Mounted once inside the
 * router; reminders that arrive while one is open wait their turn.
 */
export function InPageReminder() {
  const [queue, setQueue] = useState<Reminder[]>([]);
  const navigate = useNavigate();

  useEffect(
    () => onInPageReminder((reminder) => setQueue((waiting) => [...waiting, reminder])),
    [],
  );

  const current = queue[0];
  const dismiss = () => setQueue((waiting) => waiting.slice(1));
  const view = (url: string) => {
    dismiss();
    void navigate(url);
  };

  return (
    <Dialog.Root
      open={current !== undefined}
      onOpenChange={(open) => {
        if (!open) {
          dismiss();
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content className={dialogContentClass}>
          <Dialog.Title className={dialogTitleClass}>
            <BellRing aria-hidden className="size-5 shrink-0 text-blue-600 dark:text-blue-400" />
            {current?.title}
          </Dialog.Title>
          <Dialog.Description className={dialogTextClass}>{current?.body}</Dialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <DialogCloseButton>Dismiss</DialogCloseButton>
            {current && (
              <Button onClick={() => view(current.url)} size="sm">
                View
              </Button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
