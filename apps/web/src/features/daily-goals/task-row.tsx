import { FALLBACK_TAG_COLOR, type PlanTask } from '@daywise/shared/schemas';
import { Bell, BellPlus, Trash2 } from 'lucide-react';

import { chipClass, PriorityChip } from '../../components/priority-chip';
import { ToggleCheckbox } from '../../components/toggle-checkbox';

/** A tag's chip: its colour as a dot beside the name, readable on either theme. */
export function TagChip({ name, color }: { name: string; color: string | null }) {
  return (
    <span className={`${chipClass} bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-100`}>
      <span
        aria-hidden
        className="size-2 rounded-full"
        style={{ backgroundColor: color ?? FALLBACK_TAG_COLOR }}
      />
      {name}
    </span>
  );
}

interface TaskRowProps {
  task: PlanTask;
  onToggle: (task: PlanTask, completed: boolean) => Promise<unknown>;
  onReminder: (task: PlanTask) => void;
  onDelete: (task: PlanTask) => void;
}

/** One task of today's plan: toggle, tag, priority, reminder chip (click to change), delete. */
export function TaskRow({ task, onToggle, onReminder, onDelete }: TaskRowProps) {
  return (
    <li className="flex items-start gap-3 rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
      <ToggleCheckbox
        checked={task.completed}
        label={`Mark "${task.title}" as ${task.completed ? 'pending' : 'completed'}`}
        onToggle={(completed) => onToggle(task, completed)}
      />
      <div className="min-w-0 flex-1">
        <p
          className={`font-medium break-words ${task.completed ? 'text-gray-500 line-through dark:text-gray-400' : ''}`}
        >
          {task.title}
        </p>
        {task.description && (
          <p className="mt-0.5 text-sm break-words text-gray-600 dark:text-gray-300">
            {task.description}
          </p>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {task.tag && <TagChip name={task.tag} color={task.tagColor} />}
          <PriorityChip priority={task.priority} />
          <button
            type="button"
            onClick={() => onReminder(task)}
            aria-label={
              task.reminderTime
                ? `Change reminder for "${task.title}" (${task.reminderTime})`
                : `Set reminder for "${task.title}"`
            }
            className={`${chipClass} border border-blue-200 text-blue-800 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-blue-900 dark:text-blue-200 dark:hover:bg-blue-950`}
          >
            {task.reminderTime ? (
              <>
                <Bell aria-hidden className="size-3" />
                {task.reminderTime}
              </>
            ) : (
              <>
                <BellPlus aria-hidden className="size-3" />
                Reminder
              </>
            )}
          </button>
        </div>
      </div>
      <button
        type="button"
        onClick={() => onDelete(task)}
        aria-label={`Delete task "${task.title}"`}
        className="rounded-lg p-2 text-gray-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-red-600 dark:text-gray-300 dark:hover:bg-red-950"
      >
        <Trash2 aria-hidden className="size-4" />
      </button>
    </li>
  );
}
