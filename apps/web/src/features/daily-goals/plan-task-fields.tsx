import { MESSAGES } from '@daywise/shared';
import type { PlanInput, Priority, Tag } from '@daywise/shared/schemas';
import { Plus, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import {
  type Control,
  type FieldArrayWithId,
  type FieldErrors,
  useFieldArray,
  type UseFormClearErrors,
  type UseFormRegister,
} from 'react-hook-form';

import { Button, IconButton } from '../../components/button';
import { FieldError, inputClass, selectClass } from '../../components/form-field';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { PriorityOptions } from '../../components/priority-chip';
import { BLANK_TASK, type PlanFormValues, type TaskValues } from './plan-form';
import { useTags } from './use-plans';

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

/** The plan's tasks, each editable in place and removable. */
function PlanTaskList({
  id,
  fields,
  register,
  errors,
  tags,
  onRemove,
}: {
  /** The dialog's id, to make the title fields' ids from. */
  id: string;
  fields: FieldArrayWithId<PlanFormValues, 'tasks', 'fieldKey'>[];
  register: UseFormRegister<PlanFormValues>;
  errors: FieldErrors<PlanFormValues>;
  tags: Tag[];
  onRemove: (index: number) => void;
}) {
  return (
    <ol className="space-y-3">
      {fields.map((task, index) => {
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
              onClick={() => onRemove(index)}
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
  );
}

/**
 * 'Add a task': a task typed here joins the list with Add Task or Enter in its title, which must
 * not be blank. `children` follows the fields (the tags' load error).
 */
function NewTaskForm({
  id,
  tags,
  onAdd,
}: {
  id: string;
  tags: Tag[];
  onAdd: (task: TaskValues) => void;
}) {
  const [draft, setDraft] = useState<TaskValues>(BLANK_TASK);
  const [draftError, setDraftError] = useState<string | null>(null);

  const addTask = () => {
    if (!draft.title.trim()) {
      setDraftError(MESSAGES.taskTitleRequired);
      return;
    }
    onAdd({ ...draft, title: draft.title.trim(), description: draft.description.trim() });
    setDraft(BLANK_TASK);
    setDraftError(null);
  };

  return (
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
          onChange={(event) => setDraft({ ...draft, priority: event.target.value as Priority })}
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
      <TagsLoadError />
    </div>
  );
}

/** Without the tags, only 'No tag' can be chosen; Try Again reads them again. */
function TagsLoadError() {
  const tagsQuery = useTags();
  if (!tagsQuery.isError) {
    return null;
  }
  return (
    <div role="alert" className="mt-3">
      <LoadError
        message="We could not load your tags, so only 'No tag' can be chosen."
        onRetry={() => void tagsQuery.refetch()}
        className={errorPanelClass}
      />
    </div>
  );
}

/** The Tasks fieldset: the plan's tasks, and the form that adds one. */
export function PlanTasks({
  id,
  control,
  register,
  errors,
  clearErrors,
}: {
  id: string;
  control: Control<PlanFormValues, unknown, PlanInput>;
  register: UseFormRegister<PlanFormValues>;
  errors: FieldErrors<PlanFormValues>;
  clearErrors: UseFormClearErrors<PlanFormValues>;
}) {
  const tags = useTags().data ?? [];
  // Tasks carry their own `id` (kept when a plan is edited), so the array's keys go elsewhere.
  const tasks = useFieldArray({ control, name: 'tasks', keyName: 'fieldKey' });
  const tasksError = errors.tasks?.message ?? errors.tasks?.root?.message;
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold">Tasks ({tasks.fields.length})</legend>
      <FieldError>{tasksError}</FieldError>
      <PlanTaskList
        id={id}
        fields={tasks.fields}
        register={register}
        errors={errors}
        tags={tags}
        onRemove={tasks.remove}
      />

      <NewTaskForm
        id={id}
        tags={tags}
        onAdd={(task) => {
          tasks.append(task);
          clearErrors('tasks');
        }}
      />
    </fieldset>
  );
}
