import { SUBTASK_DEPTH_MAX } from '@daywise/shared';
import type { Todo } from '@daywise/shared/schemas';
import { SECTION_MESSAGES } from '@daywise/shared/section-messages';
import {
  Bell,
  Calendar,
  CheckCircle2,
  ChevronDown,
  ChevronRight,
  Clock,
  Pencil,
  Trash2,
} from 'lucide-react';
import { type DragEvent, memo, useId, useState } from 'react';

import { Badge } from '../../components/badge';
import { Button, IconButton } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FocusButton, FocusTotal } from '../../components/focus-button';
import { PriorityChip } from '../../components/priority-chip';
import { RepeatInfo, SkipButton } from '../../components/repeat-info';
import { ToggleCheckbox } from '../../components/toggle-checkbox';
import { formatCalendarDate, formatDateIn } from '../../lib/format';
import { formatTime, reminderSummary } from '../../lib/reminder-words';
import { carriesTodo, droppedTodo, endTodoDrag, startTodoDrag } from '../../lib/todo-drag';
import { type DueBadge, dueBadge } from './due-badges';
import { useExpanded } from './expanded-todos';
import { MoveToMenu } from './move-to-menu';
import { SubtasksRead } from './subtasks-read';
import { TodoTagChips } from './todo-tag-chips';
import { usePlaceTodo } from './use-place-todo';
import { useSubtasks } from './use-subtasks';
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
  /** How deep it is drawn: 0 for a top-level row, 1 to SUBTASK_DEPTH_MAX for a subtask's. */
  depth?: number;
  /**
   * The rows it is ordered among, itself included, in their order, where the page shows the
   * user's own order (a todo's subtasks, a section's todos): Move up, Move down and dropping a
   * sibling on it reorder them. Absent where the rows are sorted otherwise.
   */
  siblings?: readonly Todo[];
}

/**
 * Whether `dragged` may be dropped on `target` to take its place: a sibling (subtasks of the same
 * parent), or a top-level todo of the same list, which then joins the target's section too.
 */
function reorderable(dragged: Todo | null, target: Todo): dragged is Todo {
  if (!dragged || dragged.id === target.id) {
    return false;
  }
  return dragged.parentId === null
    ? target.parentId === null && dragged.listId === target.listId
    : dragged.parentId === target.parentId;
}

/** The '2/5' of a todo with subtasks, said in words to a screen reader. */
function SubtaskCount({ todo }: { todo: Todo }) {
  const { open, total } = todo.subtaskCounts;
  return (
    <span className="text-xs font-medium text-gray-600 dark:text-gray-300">
      <span aria-hidden>
        {open}/{total}
      </span>
      <span className="sr-only">{SECTION_MESSAGES.subtaskCount(open, total)}</span>
    </span>
  );
}

/**
 * One todo: checkbox, texts, priority, dates, reminder, badge, its repeat in words and its streak,
 * skip (a repeating one), edit, move and delete; with subtasks, their count and a button that
 * shows them under it, each a row of its own (ADR 0027, web). Completing it while subtasks are
 * open asks first, as they will be completed with it.
 */
export const TodoRow = memo(function TodoRow({
  todo,
  today,
  timeZone,
  onEdit,
  onDelete,
  depth = 0,
  siblings,
}: TodoRowProps) {
  const toggle = useToggleTodo();
  const place = usePlaceTodo();
  const badge = dueBadge(todo, today);
  const reminders = reminderSummary(todo, timeZone);
  const [expanded, setExpanded] = useExpanded(todo.id);
  const [confirming, setConfirming] = useState<{ settle: (done: unknown) => void } | null>(null);
  const [dropping, setDropping] = useState(false);
  const subtasksId = useId();
  const hasSubtasks = todo.subtaskCounts.total > 0 && depth < SUBTASK_DEPTH_MAX;
  const index = siblings?.findIndex((sibling) => sibling.id === todo.id) ?? -1;

  const moveTo = (target: Todo) =>
    place.mutate({
      todo,
      to: {
        ...(target.sectionId === todo.sectionId ? {} : { sectionId: target.sectionId }),
        order: target.order,
      },
      said: SECTION_MESSAGES.todoReordered,
    });
  const neighbour = (step: -1 | 1) => (index < 0 ? undefined : siblings?.[index + step]);
  const accepts = (event: DragEvent) =>
    siblings !== undefined && carriesTodo(event) && reorderable(droppedTodo(event), todo);

  const onToggle = (completed: boolean) => {
    // Asked first: the open todos below it, at every level, would be completed with it (as the
    // server counts them; a repeating todo sweeps none). The box waits, busy, for the answer:
    // ticked once confirmed, as it was if cancelled.
    if (completed && todo.repeat === null && todo.subtaskCounts.openBelow > 0) {
      return new Promise<unknown>((settle) => setConfirming({ settle }));
    }
    return toggle.mutateAsync({ todo, completed });
  };

  return (
    <li>
      <Card
        radius="xl"
        className={`flex items-start gap-3 p-4 ${dropping ? 'ring-2 ring-blue-500' : ''}`}
        // Dropped on a list in the sidebar, it moves there (issue 32); on a sibling, it takes its
        // place; on a section's heading, it moves into that section.
        draggable
        onDragStart={(event) => {
          event.stopPropagation();
          startTodoDrag(event, todo);
        }}
        onDragEnd={endTodoDrag}
        onDragOver={(event) => {
          if (accepts(event)) {
            event.preventDefault();
            event.stopPropagation();
            event.dataTransfer.dropEffect = 'move';
            setDropping(true);
          }
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={(event) => {
          setDropping(false);
          const dragged = droppedTodo(event);
          if (siblings !== undefined && reorderable(dragged, todo)) {
            event.preventDefault();
            event.stopPropagation();
            place.mutate({
              todo: dragged,
              to: {
                ...(dragged.sectionId === todo.sectionId ? {} : { sectionId: todo.sectionId }),
                order: todo.order,
              },
              said: SECTION_MESSAGES.todoReordered,
            });
          }
        }}
      >
        <ToggleCheckbox
          focusKey={`todo:${todo.id}`}
          checked={todo.completed}
          label={`Mark "${todo.title}" as ${todo.completed ? 'pending' : 'completed'}`}
          onToggle={onToggle}
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3
              className={`font-medium break-words ${todo.completed ? 'text-gray-500 line-through dark:text-gray-400' : ''}`}
            >
              {todo.title}
            </h3>
            {todo.subtaskCounts.total > 0 && <SubtaskCount todo={todo} />}
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
            <FocusTotal minutes={todo.focusMinutes} estimate={todo.estimateMinutes} />
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden className="size-3.5" />
              Created {formatDateIn(todo.createdAt, timeZone)}
            </span>
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          {hasSubtasks && (
            <IconButton
              label={`Subtasks of "${todo.title}"`}
              tone="row"
              aria-expanded={expanded}
              aria-controls={expanded ? subtasksId : undefined}
              onClick={() => setExpanded(!expanded)}
            >
              {expanded ? (
                <ChevronDown aria-hidden className="size-4" />
              ) : (
                <ChevronRight aria-hidden className="size-4" />
              )}
            </IconButton>
          )}
          <SkipButton todo={todo} />
          {!todo.completed && <FocusButton item={{ todoId: todo.id }} title={todo.title} />}
          <IconButton onClick={() => onEdit(todo)} label={`Edit "${todo.title}"`} tone="row">
            <Pencil aria-hidden className="size-4" />
          </IconButton>
          <MoveToMenu
            todo={todo}
            order={
              siblings && {
                up: neighbour(-1) && (() => moveTo(neighbour(-1) as Todo)),
                down: neighbour(1) && (() => moveTo(neighbour(1) as Todo)),
              }
            }
          />
          <IconButton
            onClick={() => onDelete(todo)}
            label={`Delete "${todo.title}"`}
            tone="rowDanger"
          >
            <Trash2 aria-hidden className="size-4" />
          </IconButton>
        </div>
      </Card>
      {expanded && hasSubtasks && (
        <Subtasks
          id={subtasksId}
          parent={todo}
          depth={depth + 1}
          today={today}
          timeZone={timeZone}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title="Complete Todo"
          tone="success"
          confirmLabel="Complete all"
          pending={false}
          onConfirm={() => {
            setConfirming(null);
            confirming.settle(toggle.mutateAsync({ todo, completed: true }));
          }}
          onClose={() => {
            setConfirming(null);
            confirming.settle(undefined);
          }}
        >
          Complete &ldquo;{todo.title}&rdquo;?{' '}
          {SECTION_MESSAGES.completeWithSubtasks(todo.subtaskCounts.openBelow)}
        </ConfirmDialog>
      )}
    </li>
  );
});

interface SubtasksProps extends Omit<TodoRowProps, 'todo' | 'siblings'> {
  id: string;
  parent: Todo;
  depth: number;
}

/** An expanded row's subtasks, indented under it in their order, each a full row. */
function Subtasks({ id, parent, depth, ...rowProps }: SubtasksProps) {
  const read = useSubtasks(parent.id);
  const { query, subtasks } = read;
  const label = `Subtasks of "${parent.title}"`;
  return (
    <div id={id} className="mt-2 ml-6 border-l-2 border-gray-200 pl-3 dark:border-gray-700">
      <SubtasksRead read={read}>
        <ul aria-label={label} className="space-y-2">
          {subtasks.map((subtask) => (
            <TodoRow
              key={subtask.id}
              todo={subtask}
              depth={depth}
              siblings={subtasks}
              {...rowProps}
            />
          ))}
        </ul>
      </SubtasksRead>
      {query.hasNextPage && (
        <Button
          variant="link"
          size="sm"
          className="mt-2"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Load more subtasks
        </Button>
      )}
    </div>
  );
}
