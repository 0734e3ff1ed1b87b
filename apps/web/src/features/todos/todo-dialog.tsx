import { MESSAGES } from '@daywise/shared';
import { FOCUS_MESSAGES } from '@daywise/shared/focus-messages';
import type { Todo, TodoCreate } from '@daywise/shared/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  useForm,
  type UseFormGetValues,
  type UseFormRegister,
  type UseFormSetValue,
  useWatch,
} from 'react-hook-form';

import { FormField, selectClass, TextAreaField, TextField } from '../../components/form-field';
import { Modal, ModalActions } from '../../components/modal';
import { PriorityOptions } from '../../components/priority-chip';
import { showFieldErrors } from '../../lib/api-client';
import type { RepeatChoice } from './repeat-choice';
import { RepeatField } from './repeat-field';
import {
  initialValues,
  sameReminders,
  sameRepeat,
  todoFormSchema,
  type TodoFormValues,
} from './todo-form';
import { TodoListSelect } from './todo-list-select';
import { TodoRemindersField } from './todo-reminders-field';
import { TodoSubtasksField } from './todo-subtasks-field';
import { TodoTagPicker } from './todo-tag-picker';
import { useCreateTodo, useUpdateTodo } from './use-todos';

function PriorityAndDueDate({
  register,
  errors,
  today,
}: {
  register: UseFormRegister<TodoFormValues>;
  errors: FieldErrors<TodoFormValues>;
  today: string;
}) {
  return (
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
      <TextField
        label="Due Time"
        error={errors.dueTime?.message}
        registration={register('dueTime')}
        type="time"
        hint="Optional: reminders can count back from it"
      />
      <TextField
        label={FOCUS_MESSAGES.estimateLabel}
        error={errors.estimateMinutes?.message}
        registration={register('estimateMinutes')}
        type="number"
        inputMode="numeric"
        min={1}
        max={10000}
        step={1}
        hint="Optional: the focus timer's minutes are set against it"
      />
    </div>
  );
}

/** Repeat: choosing one without a due date sets today, and says so. */
function TodoRepeatField({
  control,
  setValue,
  getValues,
  error,
  today,
}: {
  control: Control<TodoFormValues, unknown, TodoCreate>;
  setValue: UseFormSetValue<TodoFormValues>;
  getValues: UseFormGetValues<TodoFormValues>;
  error: string | undefined;
  today: string;
}) {
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

  return (
    <Controller
      control={control}
      name="repeat"
      render={({ field }) => (
        <RepeatField
          value={field.value}
          onChange={chooseRepeat}
          dueDate={dueDate || today}
          error={error}
          note={dueSetNote && dueDate === today ? MESSAGES.repeatDueDateSet : null}
        />
      )}
    />
  );
}

interface TodoDialogProps {
  /** The todo to edit; null creates a new one. */
  todo: Todo | null;
  /** Today in the user's time zone: the due date picker starts there. */
  today: string;
  /** The list a new todo starts in (a list page's); the Inbox when null or unset. */
  listId?: string | null;
  /** The day a new todo starts due on (a calendar's day); none when unset. */
  dueDate?: string;
  onClose: () => void;
  /** Told of the todo once it is created, before the dialog closes. */
  onCreated?: (todo: Todo) => void;
  /** Puts the focus somewhere of its own as the dialog closes; true when it did (Modal). */
  focusOnClose?: () => boolean;
}

/**
 * Create or edit a todo. Rendered only while open, so each opening starts from
 * the todo's values (or the blanks of a new one). A failed save keeps everything typed.
 */
export function TodoDialog({
  todo,
  today,
  listId = null,
  dueDate,
  onClose,
  onCreated,
  focusOnClose,
}: TodoDialogProps) {
  const create = useCreateTodo();
  const update = useUpdateTodo();
  const saving = create.isPending || update.isPending;
  const savedDueDate = todo?.dueDate ?? null;
  const schema = useMemo(() => todoFormSchema(today, savedDueDate), [today, savedDueDate]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<TodoFormValues, unknown, TodoCreate>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(todo, today, listId, dueDate),
  });
  const titleMissing = useWatch({ control, name: 'title' }).trim() === '';
  const save = handleSubmit(async (values) => {
    try {
      if (todo) {
        // An unchanged repeat is not sent again, so the series and its streak stay as they are;
        // unchanged reminders neither, so an older app's daily reminder stays (ADR 0030).
        const { repeat, reminders, ...fields } = values;
        await update.mutateAsync({
          id: todo.id,
          update: {
            ...fields,
            ...(sameRepeat(repeat ?? null, todo.repeat) ? {} : { repeat }),
            ...(sameReminders(reminders, todo.reminders) ? {} : { reminders }),
          },
        });
      } else {
        const created = await create.mutateAsync(values);
        onCreated?.(created);
      }
      onClose();
    } catch (error) {
      // The toast has said it failed; the server's word on a field goes next to that field.
      showFieldErrors(error, Object.keys(values) as (keyof TodoFormValues)[], setError);
    }
  });

  return (
    <Modal
      title={todo ? 'Edit Todo' : 'Create New Todo'}
      description={todo ? 'Change the todo and save it.' : 'Describe the new todo and create it.'}
      busy={saving}
      width="lg"
      onClose={onClose}
      focusOnClose={focusOnClose}
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
        <Controller
          control={control}
          name="listId"
          render={({ field }) => (
            <TodoListSelect
              value={field.value}
              onChange={field.onChange}
              current={todo?.listId ?? null}
              error={errors.listId?.message}
            />
          )}
        />
        <PriorityAndDueDate register={register} errors={errors} today={today} />
        <TodoRepeatField
          control={control}
          setValue={setValue}
          getValues={getValues}
          error={errors.repeat?.message}
          today={today}
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
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Time block</legend>
          <p className="text-sm text-gray-600 dark:text-gray-300">
            Optional: a slot on a day's timeline. It keeps the due date as it is.
          </p>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="Block day"
              error={errors.blockDate?.message}
              registration={register('blockDate')}
              type="date"
            />
            <TextField
              label="Starts at"
              error={errors.blockStart?.message}
              registration={register('blockStart')}
              type="time"
            />
            <TextField
              label="Minutes"
              error={errors.blockMinutes?.message}
              registration={register('blockMinutes')}
              type="number"
              min={5}
              step={5}
              inputMode="numeric"
            />
          </div>
        </fieldset>
        <TodoRemindersField
          control={control}
          today={today}
          legacyDailyTime={todo && !todo.dueDate ? todo.reminderTime : null}
        />
        {todo && <TodoSubtasksField parent={todo} />}
        <ModalActions
          submitLabel={todo ? 'Update Todo' : 'Create Todo'}
          busy={saving}
          disabled={titleMissing}
        />
      </form>
    </Modal>
  );
}
