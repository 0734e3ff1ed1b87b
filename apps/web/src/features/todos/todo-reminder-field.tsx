import { MESSAGES } from '@daywise/shared';
import type { TodoCreate } from '@daywise/shared/schemas';
import { BellOff } from 'lucide-react';
import { useId, useState } from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormGetValues,
  type UseFormRegister,
  type UseFormSetValue,
  useWatch,
} from 'react-hook-form';

import { TextField } from '../../components/form-field';
import { Toggle } from '../../components/toggle';
import { notificationSupport, requestNotificationPermission } from '../../lib/notifications';
import type { TodoFormValues } from './todo-form';

/** The time now on this device, HH:MM: a new reminder's default. */
function timeNow(): string {
  const now = new Date();
  return `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
}

/**
 * Set Reminder: the switch, which asks the browser for permission to notify first, what to do
 * when that is refused, and the time once it is on.
 */
export function TodoReminderField({
  control,
  register,
  setValue,
  getValues,
  errors,
}: {
  control: Control<TodoFormValues, unknown, TodoCreate>;
  register: UseFormRegister<TodoFormValues>;
  setValue: UseFormSetValue<TodoFormValues>;
  getValues: UseFormGetValues<TodoFormValues>;
  errors: FieldErrors<TodoFormValues>;
}) {
  const [permission, setPermission] = useState(notificationSupport);
  // The switch was refused: say how to allow notifications, not only that they are needed.
  const [refused, setRefused] = useState(false);
  const permissionNoteId = useId();
  const reminderOn = useWatch({ control, name: 'reminderOn' });

  // turning the reminder on asks to notify, and stays off if that is refused.
  const switchReminder = async (on: boolean) => {
    if (!on) {
      setValue('reminderOn', false);
      return;
    }
    const answer = await requestNotificationPermission();
    setPermission(answer);
    setRefused(answer === 'default' || answer === 'denied');
    if (answer === 'granted' || answer === 'unsupported') {
      setValue('reminderOn', true);
      if (!getValues('reminderTime')) {
        setValue('reminderTime', timeNow());
      }
    }
  };

  const needsPermission = permission === 'default' || permission === 'denied';

  return (
    <div className="space-y-3 rounded-lg border border-gray-200 p-3 dark:border-gray-800">
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={`${permissionNoteId}-switch`} className="text-sm font-medium">
          Set Reminder
        </label>
        <Controller
          control={control}
          name="reminderOn"
          render={({ field }) => (
            <Toggle
              id={`${permissionNoteId}-switch`}
              describedBy={needsPermission ? permissionNoteId : undefined}
              checked={field.value}
              onChange={(on) => void switchReminder(on)}
            />
          )}
        />
      </div>
      {needsPermission && !reminderOn && (
        <p
          id={permissionNoteId}
          className="flex items-center gap-2 text-sm text-amber-700 dark:text-amber-300"
        >
          <BellOff aria-hidden className="size-4 shrink-0" />
          {MESSAGES.notificationPermissionNeeded}
        </p>
      )}
      {refused && !reminderOn && (
        <p role="alert" className="text-sm text-gray-700 dark:text-gray-300">
          {MESSAGES.notificationsBlockedHelp}
        </p>
      )}
      {reminderOn && (
        <TextField
          label="Reminder Time"
          error={errors.reminderTime?.message}
          registration={register('reminderTime')}
          type="time"
        />
      )}
    </div>
  );
}
