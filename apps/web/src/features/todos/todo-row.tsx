import type { Todo } from '@daywise/shared/schemas';
import { Bell, Calendar, CheckCircle2, Clock, Pencil, Trash2 } from 'lucide-react';
import { memo } from 'react';

import { Badge } from '../../components/badge';
import { IconButton } from '../../components/button';
import { Card } from '../../components/card';
import { PriorityChip } from '../../components/priority-chip';
import { RepeatInfo, SkipButton } from '../../components/repeat-info';
import { ToggleCheckbox } from '../../components/toggle-checkbox';
import { formatCalendarDate, formatDateIn } from '../../lib/format';
import { formatTime, reminderSummary } from '../../lib/reminder-words';
import { type DueBadge, dueBadge } from './due-badges';
import { MoveToMenu } from './move-to-menu';
import { endTodoDrag, startTodoDrag } from './todo-drag';
import { TodoTagChips } from './todo-tag-chips';
import { useToggleTodo } from './use-todos';

const BADGE_STYLES: Record<DueBadge, string> = {
  Overdue: 'bg-red-600 text-white',
  // White on orange-700: 5.2:1 (orange-500 was 2.8:1), in either theme (WCAG 1.4.3).
  'Due Today': 'bg-orange-700 text-white',
  'Due Tomorrow': 'bg-blue-600 text-white',
};

interface TodoRowProps {
  todo: Todo;
  today: string;
  timeZone: string;
  onEdit: (todo: Todo) => void;
  onDelete: (todo: Todo) => void;
}

/**
 * One todo: checkbox, texts, priority, dates, reminder, badge, its repeat in words and its streak,
 * skip (a repeating one), edit and delete.
 */
export const TodoRow = memo(function TodoRow({
  todo,
  today,
  timeZone,
  onEdit,
  onDelete,
}: TodoRowProps) {
  const toggle = useToggleTodo();
  const badge = dueBadge(todo, today);
  const reminders = reminderSummary(todo, timeZone);

  return (
    <Card
      as="li"
      radius="xl"
      className="flex items-start gap-3 p-4"
      // Dropped on a list in the sidebar, it moves there (issue 32).
      draggable
      onDragStart={(event) => startTodoDrag(event, todo)}
      onDragEnd={endTodoDrag}
    >
      <ToggleCheckbox
        focusKey={`todo:${todo.id}`}
        checked={todo.completed}
        label={`Mark "${todo.title}" as ${todo.completed ? 'pending' : 'completed'}`}
        onToggle={(completed) => toggle.mutateAsync({ todo, completed })}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3
            className={`font-medium break-words ${todo.completed ? 'text-gray-500 line-through dark:text-gray-400' : ''}`}
          >
            {todo.title}
          </h3>
          <PriorityChip priority={todo.priority} />
          {badge && (
            <Badge tone="none" className={BADGE_STYLES[badge]}>
              {badge}
            </Badge>
          )}
        </div>
        {todo.description && (
          <p className="mt-1 text-sm break-words whitespace-pre-line text-gray-600 dark:text-gray-300">
            {todo.description}
          </p>
        )}
        <TodoTagChips tags={todo.tags} />
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-600 dark:text-gray-400">
          {todo.dueDate && (
            <span className="inline-flex items-center gap-1">
              <Calendar aria-hidden className="size-3.5" />
              Due {formatCalendarDate(todo.dueDate)}
              {todo.dueTime && `, ${formatTime(todo.dueTime)}`}
            </span>
          )}
          {todo.completed && todo.completedAt ? (
            // A done todo's reminder will not fire: it says when it was done instead
            // (docs/product/todos.md, Row).
            <span className="inline-flex items-center gap-1">
              <CheckCircle2 aria-hidden className="size-3.5" />
              Completed {formatDateIn(todo.completedAt, timeZone)}
            </span>
          ) : (
            reminders && (
              <span className="inline-flex items-center gap-1">
                <Bell aria-hidden className="size-3.5" />
                {reminders}
              </span>
            )
          )}
          <RepeatInfo todo={todo} />
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden className="size-3.5" />
            Created {formatDateIn(todo.createdAt, timeZone)}
          </span>
        </p>
      </div>
      <div className="flex shrink-0 gap-1">
        <SkipButton todo={todo} />
        <MoveToMenu todo={todo} />
        <IconButton onClick={() => onEdit(todo)} label={`Edit "${todo.title}"`} tone="row">
          <Pencil aria-hidden className="size-4" />
        </IconButton>
        <IconButton
          onClick={() => onDelete(todo)}
          label={`Delete "${todo.title}"`}
          tone="rowDanger"
        >
          <Trash2 aria-hidden className="size-4" />
        </IconButton>
      </div>
    </Card>
  );
});
