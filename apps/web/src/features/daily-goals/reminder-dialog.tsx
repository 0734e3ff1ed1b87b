import { isReminderTime, MESSAGES } from '@daywise/shared';
import type { PlanTask } from '@daywise/shared/schemas';
import { type FormEvent, useId, useState } from 'react';

import { inputClass } from '../../components/form-field';
import { Modal, ModalActions } from '../../components/modal';
import { notificationSupport } from '../../lib/notifications';

interface ReminderDialogProps {
  task: PlanTask;
  saving: boolean;
  /** The new time, or null to remove the reminder. */
  onSave: (reminderTime: string | null) => void;
  onClose: () => void;
}

/**
 * The reminder chip's prompt, as a dialog rather than window.prompt: HH:MM on the
 * 24-hour clock, empty removes the reminder, Cancel changes nothing.
 */
export function ReminderDialog({ task, saving, onSave, onClose }: ReminderDialogProps) {
  const id = useId();
  const [value, setValue] = useState(task.reminderTime ?? '');
  const [error, setError] = useState<string | null>(null);
  const [permission] = useState(notificationSupport);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const time = value.trim();
    if (time && !isReminderTime(time)) {
      setError(MESSAGES.reminderTimeInvalid);
      return;
    }
    onSave(time || null);
  };

  return (
    <Modal
      title="Set Reminder"
      description={
        <>
          When should we remind you about &ldquo;{task.title}&rdquo;? Use the 24-hour clock (HH:MM);
          leave it empty to remove the reminder.
        </>
      }
      showDescription
      busy={saving}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <div className="space-y-1.5">
          <label htmlFor={id} className="block text-sm font-medium">
            Reminder time (HH:MM)
          </label>
          <input
            id={id}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            inputMode="numeric"
            placeholder="14:30"
            autoComplete="off"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
            className={inputClass}
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
        </div>
        {(permission === 'default' || permission === 'denied') && (
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {MESSAGES.notificationsInPageHelp}
          </p>
        )}
        <ModalActions submitLabel="Save" busy={saving} />
      </form>
    </Modal>
  );
}
