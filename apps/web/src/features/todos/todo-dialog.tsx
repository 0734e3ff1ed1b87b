import { MESSAGES, PRIORITIES } from '@daywise/shared';
import { type Repeat, type Todo, type TodoCreate, todoCreateSchema } from '@daywise/shared/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { BellOff } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';

import { FormField, selectClass, TextAreaField, TextField } from '../../components/form-field';
import { Modal, ModalActions } from '../../components/modal';
import { PriorityOptions } from '../../components/priority-chip';
import { Toggle } from '../../components/toggle';
import { showFieldErrors } from '../../lib/api-client';
import { notificationSupport, requestNotificationPermission } from '../../lib/notifications';
import { buildRepeat, choiceFromRepeat, type RepeatChoice } from './repeat-choice';
import { RepeatField } from './repeat-field';
import { TodoTagPicker } from './todo-tag-picker';
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
    tagIds: z.array(z.string()),
    repeat: z.custom<RepeatChoice>(),
  })
  .superRefine((values, context) => {
    if (values.repeat.preset === 'none') {
      return;
    }
    // A repeating todo's series starts on its due date (docs/product/todos.md).
    if (!values.dueDate) {
      context.addIssue({ code: 'custom', path: ['dueDate'], message: MESSAGES.repeatNeedsDueDate });
      return;
    }
    const built = buildRepeat(values.repeat, values.dueDate);
    if (built.error !== undefined) {
      context.addIssue({ code: 'custom', path: ['repeat'], message: built.error });
    }
  })
  .transform(({ reminderOn, repeat, ...values }): TodoCreate => ({
    ...values,
    dueDate: values.dueDate || null,
    reminderTime: reminderOn ? values.reminderTime : null,
    repeat: values.dueDate ? (buildRepeat(repeat, values.dueDate).repeat ?? null) : null,
  }))
  .pipe(todoCreateSchema);

type TodoFormValues = z.input<typeof todoFormSchema>;

/** The time now on this device, HH:MM: a new reminder's default. */
function timeNow(): string {
  const now = new Date();
  return `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
}

const sameRepeat = (a: Repeat | null, b: Repeat | null) =>
  a === b || (a !== null && b !== null && a.rule === b.rule && a.from === b.from);

function initialValues(todo: Todo | null, today: string): TodoFormValues {
  return {
    title: todo?.title ?? '',
    description: todo?.description ?? '',
    priority: todo?.priority ?? 'medium',
    dueDate: todo?.dueDate ?? '',
    reminderOn: Boolean(todo?.reminderTime),
    reminderTime: todo?.reminderTime ?? '',
    tagIds: todo?.tags.map((tag) => tag.id) ?? [],
    repeat: choiceFromRepeat(todo?.repeat ?? null, todo?.dueDate ?? today),
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
    defaultValues: initialValues(todo, today),
  });
  const titleMissing = useWatch({ control, name: 'title' }).trim() === '';
  const reminderOn = useWatch({ control, name: 'reminderOn' });
  const dueDate = useWatch({ control, name: 'dueDate' });
  // Said once a repeat was picked without a due date and the dialog set today.
  const [dueSetNote, setDueSetNote] = useState(false);

  const chooseRepeat = (choice: RepeatChoice) => {
    setValue('repeat', choice);
    if (choice.preset !== 'none' && !getValues('dueDate')) {
      setValue('dueDate', today, { shouldValidate: true });
      setDueSetNote(true);
    }
  };

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
        // An unchanged repeat is not sent again, so the series and its streak stay as they are.
        const { repeat, ...fields } = values;
        const changed = sameRepeat(repeat ?? null, todo.repeat) ? fields : values;
        await update.mutateAsync({ id: todo.id, update: changed });
      } else {
        await create.mutateAsync(values);
      }
      onClose();
    } catch (error) {
      // The toast has said it failed; the server's word on a field goes next to that field.
      showFieldErrors(error, Object.keys(values) as (keyof TodoFormValues)[], setError);
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
        <Controller
          control={control}
          name="repeat"
          render={({ field }) => (
            <RepeatField
              value={field.value}
              onChange={chooseRepeat}
              dueDate={dueDate || today}
              error={errors.repeat?.message}
              note={dueSetNote && dueDate === today ? MESSAGES.repeatDueDateSet : null}
            />
          )}
        />
        <Controller
          control={control}
          name="tagIds"
          render={({ field }) => (
            <TodoTagPicker
              value={field.value}
              onChange={field.onChange}
              error={errors.tagIds?.message}
            />
          )}
        />
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
