import { MESSAGES } from '@daywise/shared';
import { PRIORITIES, type Todo, type TodoCreate, todoCreateSchema } from '@daywise/shared/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { BellOff } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';

import { FormField, selectClass, TextAreaField, TextField } from '../../components/form-field';
import { Modal, ModalActions } from '../../components/modal';
import { PriorityOptions } from '../../components/priority-chip';
import { Toggle } from '../../components/toggle';
import { ApiClientError } from '../../lib/api-client';
import { notificationSupport, requestNotificationPermission } from '../../lib/notifications';
import { useCreateTodo, useUpdateTodo } from './use-todos';

/**
 * The form's own values (the reminder has an on/off switch and a time), turned into the API's
 * shape and then checked by the same shared schema the server uses.
 */
const todoFormSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    priority: z.enum(PRIORITIES),
    dueDate: z.string(),
    reminderOn: z.boolean(),
    reminderTime: z.string(),
  })
  .transform(({ reminderOn, ...values }): TodoCreate => ({
    ...values,
    dueDate: values.dueDate || null,
    reminderTime: reminderOn ? values.reminderTime : null,
  }))
  .pipe(todoCreateSchema);

type TodoFormValues = z.input<typeof todoFormSchema>;

/** The time now on this device, HH:MM: a new reminder's default. */
function timeNow(): string {
  const now = new Date();
  return `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
}

function initialValues(todo: Todo | null): TodoFormValues {
  return {
    title: todo?.title ?? '',
    description: todo?.description ?? '',
    priority: todo?.priority ?? 'medium',
    dueDate: todo?.dueDate ?? '',
    reminderOn: Boolean(todo?.reminderTime),
    reminderTime: todo?.reminderTime ?? '',
  };
}

interface TodoDialogProps {
  /** The todo to edit; null creates a new one. */
  todo: Todo | null;
  /** Today in the user's time zone: the due date picker starts there. */
  today: string;
  onClose: () => void;
}

/**
 * Create or edit a todo. Rendered only while open, so each opening starts from
 * the todo's values (or the blanks of a new one). A failed save keeps everything typed.
 */
export function TodoDialog({ todo, today, onClose }: TodoDialogProps) {
  const create = useCreateTodo();
  const update = useUpdateTodo();
  const saving = create.isPending || update.isPending;
  const [permission, setPermission] = useState(notificationSupport);
  // The switch was refused: say how to allow notifications, not only that they are needed.
  const [refused, setRefused] = useState(false);
  const permissionNoteId = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<TodoFormValues, unknown, TodoCreate>({
    resolver: zodResolver(todoFormSchema),
    defaultValues: initialValues(todo),
  });
  const titleMissing = useWatch({ control, name: 'title' }).trim() === '';
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

  const save = handleSubmit(async (values) => {
    try {
      if (todo) {
        await update.mutateAsync({ id: todo.id, update: values });
      } else {
        await create.mutateAsync(values);
      }
      onClose();
    } catch (error) {
      // The toast has said it failed; the server's word on a field goes next to that field.
      if (error instanceof ApiClientError) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in values) {
            setError(field as keyof TodoFormValues, { message });
          }
        }
      }
    }
  });

  const needsPermission = permission === 'default' || permission === 'denied';

  return (
    <Modal
      title={todo ? 'Edit Todo' : 'Create New Todo'}
      description={todo ? 'Change the todo and save it.' : 'Describe the new todo and create it.'}
      busy={saving}
      width="lg"
      onClose={onClose}
    >
      <form onSubmit={(event) => void save(event)} noValidate className="mt-5 space-y-4">
        <TextField
          label="Title"
          error={errors.title?.message}
          registration={register('title')}
          required
          autoComplete="off"
          placeholder="What needs to be done?"
        />
        <TextAreaField
          label="Description"
          error={errors.description?.message}
          registration={register('description')}
          rows={3}
          placeholder="Add more details (optional)"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Priority" error={errors.priority?.message}>
            {(field) => (
              <select {...field} {...register('priority')} className={`${selectClass} w-full`}>
                <PriorityOptions highFirst />
              </select>
            )}
          </FormField>
          <TextField
            label="Due Date"
            error={errors.dueDate?.message}
            registration={register('dueDate')}
            type="date"
            min={today}
          />
        </div>
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
        <ModalActions
          submitLabel={todo ? 'Update Todo' : 'Create Todo'}
          busy={saving}
          disabled={titleMissing}
        />
      </form>
    </Modal>
  );
}
