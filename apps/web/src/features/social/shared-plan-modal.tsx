import { MESSAGES, SOCIAL_LIMITS } from '@daywise/shared';
import type { SharedPlan, SharedPlanTask } from '@daywise/shared/schemas';
import { Loader2, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';

import { Button, IconButton } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DialogCloseButton } from '../../components/dialog-close';
import { inputClass } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { ToggleCheckbox } from '../../components/toggle-checkbox';
import { formatCalendarDate } from '../../lib/format';
import { Banner } from './banner';
import { emptyClass } from './social-ui';
import { useFriends } from './use-friends';
import {
  sharedTaskFocusKey,
  useAddSharedTask,
  useDeleteSharedTask,
  useToggleSharedTask,
} from './use-shared-plans';

/** Tasks added here show at once under a stand-in id until the server has them. */
const TEMP_PREFIX = 'temp-';
let addedCount = 0;

/** Ours (docs/product/social.md, "Shared plans"): why a plan with an ex-friend cannot change. */
export const readOnlyPlanNote = (name: string) =>
  `You and ${name} are no longer friends, so this plan is read-only. Either of you can still delete it.`;

interface TaskRowProps {
  task: SharedPlanTask;
  /** Null when the plan is read-only: the task shows its state, with nothing to click. */
  onToggle: ((task: SharedPlanTask, completed: boolean) => Promise<unknown>) | null;
  onDelete: ((task: SharedPlanTask) => void) | null;
}

function TaskRow({ task, onToggle, onDelete }: TaskRowProps) {
  const saving = task.id.startsWith(TEMP_PREFIX);
  return (
    <li className="flex items-start gap-3 py-3">
      {!onToggle ? (
        <span className="sr-only">{task.completed ? 'Completed' : 'Pending'}</span>
      ) : saving ? (
        <Loader2
          aria-label="Adding"
          className="mt-0.5 size-5 shrink-0 animate-spin text-blue-600"
        />
      ) : (
        <ToggleCheckbox
          checked={task.completed}
          label={`Mark "${task.title}" as ${task.completed ? 'pending' : 'completed'}`}
          onToggle={(completed) => onToggle(task, completed)}
          focusKey={sharedTaskFocusKey(task.id)}
        />
      )}
      <div className="min-w-0 flex-1">
        <p
          className={`break-words ${task.completed ? 'text-gray-500 line-through dark:text-gray-400' : ''}`}
        >
          {task.title}
        </p>
        <p className="text-xs text-gray-600 dark:text-gray-300">by {task.createdByName}</p>
      </div>
      {onDelete && (
        <IconButton
          onClick={() => onDelete(task)}
          disabled={saving}
          label={`Delete task "${task.title}"`}
          tone="danger"
        >
          <Trash2 aria-hidden className="size-4" />
        </IconButton>
      )}
    </li>
  );
}

interface SharedPlanModalProps {
  plan: SharedPlan;
  user: { id: string; name: string };
  onClose: () => void;
}

/**
 * A shared plan's details: who it is shared with, its date, and its tasks, which both
 * participants add, tick and delete; each change shows at once and rolls back if refused.
 */
export function SharedPlanModal({ plan, user, onClose }: SharedPlanModalProps) {
  // The server refuses every change once the two are no longer friends (ADR 0016): the plan
  // shows as read-only then, and comes alive again if they become friends again.
  const friends = useFriends().data;
  const readOnly =
    friends !== undefined && !friends.some((friend) => friend.id === plan.otherUser.id);
  const [title, setTitle] = useState('');
  const [deleting, setDeleting] = useState<SharedPlanTask | null>(null);
  const add = useAddSharedTask();
  const toggle = useToggleSharedTask();
  const remove = useDeleteSharedTask();

  const addTask = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      return;
    }
    setTitle('');
    addedCount += 1;
    add.mutate(
      { planId: plan.id, title: trimmed, tempId: `${TEMP_PREFIX}${addedCount}`, creator: user },
      { onError: () => setTitle((current) => current || trimmed) },
    );
  };

  return (
    <Modal
      title={plan.title}
      description={`A plan shared with ${plan.otherUser.name}.`}
      width="lg"
      onClose={onClose}
    >
      {/* The page's banner is covered while this is open; the same banner shows here. */}
      <Banner className="mt-4" />
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Shared with</dt>
        <dd className="text-gray-700 dark:text-gray-300">{plan.otherUser.name}</dd>
        <dt className="font-medium">Target Date</dt>
        <dd className="text-gray-700 dark:text-gray-300">{formatCalendarDate(plan.date)}</dd>
      </dl>
      {readOnly ? (
        <p className="mt-5 rounded-lg bg-gray-100 p-3 text-sm text-gray-700 dark:bg-gray-800 dark:text-gray-300">
          {readOnlyPlanNote(plan.otherUser.name)}
        </p>
      ) : (
        <form onSubmit={addTask} className="mt-5 flex gap-2">
          <input
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            placeholder={MESSAGES.sharedTaskPlaceholder}
            aria-label="New task"
            maxLength={SOCIAL_LIMITS.sharedTaskTitleMax}
            autoComplete="off"
            className={inputClass}
          />
          <Button type="submit" disabled={!title.trim()} size="sm">
            <Plus aria-hidden className="size-4" />
            Add
          </Button>
        </form>
      )}
      <section aria-label="Tasks" className="mt-4">
        {plan.tasks.length === 0 ? (
          <p className={emptyClass}>{MESSAGES.noSharedTasks}</p>
        ) : (
          <ul className="divide-y divide-gray-100 dark:divide-gray-800">
            {plan.tasks.map((task) => (
              <TaskRow
                key={task.id}
                task={task}
                onToggle={
                  readOnly
                    ? null
                    : (current, completed) =>
                        toggle.mutateAsync({
                          planId: plan.id,
                          task: current,
                          completed,
                          userId: user.id,
                        })
                }
                onDelete={readOnly ? null : setDeleting}
              />
            ))}
          </ul>
        )}
      </section>
      <div className="mt-6 flex justify-end">
        <DialogCloseButton>Close</DialogCloseButton>
      </div>
      {deleting && (
        <ConfirmDialog
          title="Delete Task"
          pending={false}
          onConfirm={() => {
            remove(plan.id, deleting);
            setDeleting(null);
          }}
          onClose={() => setDeleting(null)}
        >
          {MESSAGES.deleteSharedTaskText(deleting.title)}
        </ConfirmDialog>
      )}
    </Modal>
  );
}
