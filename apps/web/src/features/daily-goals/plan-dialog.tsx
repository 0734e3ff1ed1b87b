import { addDays, MESSAGES, PRIORITIES } from '@daywise/shared';
import {
  type Plan,
  type PlanInput,
  planSchema,
  type Priority,
  type Tag,
} from '@daywise/shared/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';

import { Button, IconButton } from '../../components/button';
import {
  ErrorAlert,
  FieldError,
  inputClass,
  selectClass,
  TextAreaField,
  TextField,
} from '../../components/form-field';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { Modal, ModalActions } from '../../components/modal';
import { PriorityOptions } from '../../components/priority-chip';
import { ApiClientError, showFieldErrors } from '../../lib/api-client';
import { dayBounds } from './plan-day';
import { useSavePlan, useTags } from './use-plans';

interface TaskValues {
  id?: string | undefined;
  title: string;
  description: string;
  priority: Priority;
  /** '' for no tag. */
  tag: string;
  /** '' for no reminder. */
  reminderTime: string;
}

/**
 * The form's values ('' for "none"), turned into the API's shape and checked by the shared schema.
 * A new plan's day is today or later, within a year; an edited plan keeps its day and sends none.
 */
const planFormSchema = (today: string, creating: boolean) => {
  const { last } = dayBounds(today);
  const planDate = creating
    ? z
        .string()
        .min(1, 'Please enter a valid date')
        .refine((day) => day >= today, MESSAGES.planDayPast)
        .refine((day) => day <= last, MESSAGES.planDayOutOfReach)
    : z.literal('');
  return z
    .object({
      title: z.string(),
      description: z.string(),
      planDate,
      tasks: z.array(
        z.object({
          id: z.string().optional(),
          title: z.string(),
          description: z.string(),
          priority: z.enum(PRIORITIES),
          tag: z.string(),
          reminderTime: z.string(),
        }),
      ),
    })
    .transform((values): PlanInput => ({
      title: values.title,
      description: values.description,
      ...(values.planDate ? { planDate: values.planDate } : {}),
      tasks: values.tasks.map((task) => ({
        ...task,
        tag: task.tag || null,
        reminderTime: task.reminderTime || null,
      })),
    }))
    .pipe(planSchema);
};

type PlanFormValues = z.input<ReturnType<typeof planFormSchema>>;

const BLANK_TASK: TaskValues = {
  title: '',
  description: '',
  priority: 'medium',
  tag: '',
  reminderTime: '',
};

function initialValues(plan: Plan | null, day: string): PlanFormValues {
  return {
    title: plan?.title ?? '',
    description: plan?.description ?? '',
    planDate: plan ? '' : day,
    tasks:
      plan?.tasks.map((task) => ({
        id: task.id,
        title: task.title,
        description: task.description,
        priority: task.priority,
        tag: task.tag ?? '',
        reminderTime: task.reminderTime ?? '',
      })) ?? [],
  };
}

/** A task title wraps instead of being cut, growing a line at a time (docs/product/daily-goals.md). */
const wrappingInputClass = `${inputClass} field-sizing-content resize-none`;

/** Enter in a task title submits the form, as it would in a one-line input. */
function submitOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }
}

function TagOptions({ tags, current }: { tags: Tag[]; current: string }) {
  // Keyed by name, so the option already chosen stays the same element when the tags arrive
  // (a replaced option would reset the select to 'No tag').
  const names = tags.map((tag) => tag.name);
  if (current && !names.includes(current)) {
    names.push(current);
  }
  return (
    <>
      <option value="">No tag</option>
      {names.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </>
  );
}

interface PlanDialogProps {
  /** The plan to edit; null creates one, for `day` unless another day is chosen. */
  plan: Plan | null;
  /** The day a new plan starts on (YYYY-MM-DD, today or later), and today. */
  day: string;
  today: string;
  /** A plan was saved (after the dialog closed). */
  onSaved?: (plan: Plan) => void;
  onClose: () => void;
}

/**
 * Create/Edit Daily Goal Plan: the plan's title and description and its tasks,
 * each with title, description, priority, tag and reminder. A failed save keeps everything and
 * says 'Failed to save plan. Please try again.'
 */
export function PlanDialog({ plan, day, today, onSaved, onClose }: PlanDialogProps) {
  const id = useId();
  const creating = plan === null;
  const schema = useMemo(() => planFormSchema(today, creating), [today, creating]);
  const save = useSavePlan();
  const tagsQuery = useTags();
  const tags = tagsQuery.data ?? [];
  const [draft, setDraft] = useState<TaskValues>(BLANK_TASK);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    clearErrors,
    setError,
    setValue,
    formState: { errors },
  } = useForm<PlanFormValues, unknown, PlanInput>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(plan, day),
  });
  // Tasks carry their own `id` (kept when a plan is edited), so the array's keys go elsewhere.
  const tasks = useFieldArray({ control, name: 'tasks', keyName: 'fieldKey' });

  const addTask = () => {
    if (!draft.title.trim()) {
      setDraftError(MESSAGES.taskTitleRequired);
      return;
    }
    tasks.append({ ...draft, title: draft.title.trim(), description: draft.description.trim() });
    clearErrors('tasks');
    setDraft(BLANK_TASK);
    setDraftError(null);
  };

  const submit = handleSubmit(async (values) => {
    setFailed(false);
    try {
      const saved = await save.mutateAsync({ id: plan?.id ?? null, plan: values });
      onClose();
      onSaved?.(saved);
    } catch (error) {
      // A day that already has a plan, or one the server will not plan (past, too far ahead),
      // says so beside the date, keeping everything typed.
      if (error instanceof ApiClientError && error.code === 'CONFLICT') {
        setError('planDate', { message: error.message });
      } else if (!showFieldErrors(error, ['title', 'description', 'planDate'], setError)) {
        setFailed(true);
      }
    }
  });

  const tasksError = errors.tasks?.message ?? errors.tasks?.root?.message;

  return (
    <Modal
      title={plan ? 'Edit Daily Goal Plan' : 'Create Daily Goal Plan'}
      description="A title for the day and the tasks you want to get done."
      busy={save.isPending}
      width="xl"
      onClose={onClose}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-5">
        {failed && <ErrorAlert>{MESSAGES.planSaveFailed}</ErrorAlert>}
        <TextField
          label="Plan Title"
          error={errors.title?.message}
          registration={register('title')}
          autoComplete="off"
          placeholder="e.g. Focused Friday"
        />
        <TextAreaField
          label="Description"
          error={errors.description?.message}
          registration={register('description')}
          rows={2}
          placeholder="What is the day about? (optional)"
        />
        {creating && (
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-44 flex-1">
              <TextField
                label="Plan Date"
                type="date"
                min={today}
                max={dayBounds(today).last}
                error={errors.planDate?.message}
                registration={register('planDate')}
              />
            </div>
            <Button
              onClick={() => setValue('planDate', addDays(today, 1), { shouldValidate: true })}
              variant="secondary"
              size="sm"
              className="mb-0.5"
            >
              Tomorrow
            </Button>
          </div>
        )}

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">Tasks ({tasks.fields.length})</legend>
          <FieldError>{tasksError}</FieldError>
          <ol className="space-y-3">
            {tasks.fields.map((task, index) => {
              const titleError = errors.tasks?.[index]?.title?.message;
              const titleId = `${id}-task-${index}`;
              return (
                <li
                  key={task.fieldKey}
                  className="grid gap-2 rounded-lg border border-gray-200 p-3 sm:grid-cols-[minmax(0,1fr)_auto_auto_auto_auto] sm:items-start dark:border-gray-800"
                >
                  <div>
                    <label htmlFor={titleId} className="sr-only">
                      Task {index + 1} title
                    </label>
                    {/* A textarea growing with its text, so a long title shows whole. */}
                    <textarea
                      id={titleId}
                      rows={1}
                      {...register(`tasks.${index}.title`)}
                      onKeyDown={submitOnEnter}
                      aria-invalid={Boolean(titleError)}
                      className={wrappingInputClass}
                    />
                    <FieldError className="mt-1">{titleError}</FieldError>
                  </div>
                  <select
                    {...register(`tasks.${index}.priority`)}
                    aria-label={`Task ${index + 1} priority`}
                    className={selectClass}
                  >
                    <PriorityOptions highFirst />
                  </select>
                  <select
                    {...register(`tasks.${index}.tag`)}
                    aria-label={`Task ${index + 1} tag`}
                    className={selectClass}
                  >
                    <TagOptions tags={tags} current={task.tag} />
                  </select>
                  <input
                    type="time"
                    {...register(`tasks.${index}.reminderTime`)}
                    aria-label={`Task ${index + 1} reminder`}
                    className={inputClass}
                  />
                  <IconButton
                    onClick={() => tasks.remove(index)}
                    label={`Remove task ${index + 1}`}
                    tone="rowDanger"
                    className="justify-self-end"
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </IconButton>
                </li>
              );
            })}
          </ol>

          <div className="space-y-3 rounded-lg bg-gray-50 p-3 dark:bg-gray-800/50">
            <p className="text-sm font-medium">Add a task</p>
            <div className="grid gap-2 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <label htmlFor={`${id}-new-title`} className="sr-only">
                  New task title
                </label>
                <textarea
                  id={`${id}-new-title`}
                  rows={1}
                  value={draft.title}
                  onChange={(event) => {
                    setDraft({ ...draft, title: event.target.value });
                    setDraftError(null);
                  }}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      addTask();
                    }
                  }}
                  placeholder="Task title"
                  aria-invalid={Boolean(draftError)}
                  className={wrappingInputClass}
                />
                <FieldError className="mt-1">{draftError}</FieldError>
              </div>
              <input
                value={draft.description}
                onChange={(event) => setDraft({ ...draft, description: event.target.value })}
                aria-label="New task description"
                placeholder="Description (optional)"
                className={`${inputClass} sm:col-span-2`}
              />
              <select
                value={draft.priority}
                onChange={(event) =>
                  setDraft({ ...draft, priority: event.target.value as Priority })
                }
                aria-label="New task priority"
                className={selectClass}
              >
                <PriorityOptions highFirst />
              </select>
              <select
                value={draft.tag}
                onChange={(event) => setDraft({ ...draft, tag: event.target.value })}
                aria-label="New task tag"
                className={selectClass}
              >
                <TagOptions tags={tags} current={draft.tag} />
              </select>
              <input
                type="time"
                value={draft.reminderTime}
                onChange={(event) => setDraft({ ...draft, reminderTime: event.target.value })}
                aria-label="New task reminder"
                className={inputClass}
              />
              <Button onClick={addTask} variant="secondary" size="sm">
                <Plus aria-hidden className="size-4" />
                Add Task
              </Button>
            </div>
            {tagsQuery.isError && (
              <div role="alert" className="mt-3">
                <LoadError
                  message="We could not load your tags, so only 'No tag' can be chosen."
                  onRetry={() => void tagsQuery.refetch()}
                  className={errorPanelClass}
                />
              </div>
            )}
          </div>
        </fieldset>

        <ModalActions submitLabel={plan ? 'Save Plan' : 'Create Plan'} busy={save.isPending} />
      </form>
    </Modal>
  );
}
