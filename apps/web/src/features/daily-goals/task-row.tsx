import { FALLBACK_TAG_COLOR, minutesOfClock } from '@daywise/shared';
import { type PlanTask } from '@daywise/shared/schemas';
import { Bell, BellPlus, CalendarClock, Trash2 } from 'lucide-react';

import { Badge, badgeClass } from '../../components/badge';
import { Button, IconButton } from '../../components/button';
import { Card } from '../../components/card';
import { FocusButton, FocusTotal } from '../../components/focus-button';
import { PriorityChip } from '../../components/priority-chip';
import { ToggleCheckbox } from '../../components/toggle-checkbox';
import { spanLabel } from '../../lib/timeline-layout';

/** A tag's chip: its colour as a dot beside the name, readable on either theme. */
export function TagChip({ name, color }: { name: string; color: string | null }) {
  return (
    <Badge tone="gray">
      <span
        aria-hidden
        className="size-2 rounded-full"
        style={{ backgroundColor: color ?? FALLBACK_TAG_COLOR }}
      />
      {name}
    </Badge>
  );
}

interface TaskRowProps {
  task: PlanTask;
  onToggle: (task: PlanTask, completed: boolean) => Promise<unknown>;
  onReminder: (task: PlanTask) => void;
  onDelete: (task: PlanTask) => void;
  /** Gives the task a time block on the timeline (shown while it has none). */
  onSchedule?: (task: PlanTask) => void;
}

/** One task of today's plan: toggle, tag, priority, reminder chip (click to change), delete. */
export function TaskRow({ task, onToggle, onReminder, onDelete, onSchedule }: TaskRowProps) {
  return (
    <Card as="li" radius="xl" className="flex items-start gap-3 p-4">
      <ToggleCheckbox
        focusKey={`task:${task.id}`}
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
          <Button
            variant="bare"
            onClick={() => onReminder(task)}
            aria-label={
              task.reminderTime
                ? `Change reminder for "${task.title}" (${task.reminderTime})`
                : `Set reminder for "${task.title}"`
            }
            className={`${badgeClass} border border-blue-200 text-blue-800 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-blue-900 dark:text-blue-200 dark:hover:bg-blue-950`}
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
          </Button>
          {task.blockStart !== null && task.blockMinutes !== null ? (
            <Badge tone="gray">
              <CalendarClock aria-hidden className="size-3" />
              <span className="sr-only">Scheduled </span>
              {spanLabel({ start: minutesOfClock(task.blockStart), minutes: task.blockMinutes })}
            </Badge>
          ) : (
            onSchedule && (
              <Button
                variant="bare"
                onClick={() => onSchedule(task)}
                aria-label={`Schedule "${task.title}" on the timeline`}
                className={`${badgeClass} border border-gray-300 text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-gray-700 dark:text-gray-200 dark:hover:bg-gray-900`}
              >
                <CalendarClock aria-hidden className="size-3" />
                Schedule
              </Button>
            )
          )}
          <span className="text-xs text-gray-600 dark:text-gray-400">
            <FocusTotal minutes={task.focusMinutes} />
          </span>
        </div>
      </div>
      {!task.completed && <FocusButton item={{ taskId: task.id }} title={task.title} />}
      <IconButton
        onClick={() => onDelete(task)}
        label={`Delete task "${task.title}"`}
        tone="rowDanger"
      >
        <Trash2 aria-hidden className="size-4" />
      </IconButton>
    </Card>
  );
}
