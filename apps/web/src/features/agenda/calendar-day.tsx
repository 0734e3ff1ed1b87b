import type { AgendaPlanTask, AgendaSharedTask, Todo } from '@daywise/shared/schemas';
import { CalendarArrowRight, Plus, Repeat } from 'lucide-react';
import { type DragEvent, Fragment, useState } from 'react';
import { Link } from 'react-router';

import { Button, IconButton } from '../../components/button';
import {
  carriesTodo,
  droppedFrom,
  droppedTodo,
  endTodoDrag,
  startTodoDrag,
} from '../../lib/todo-drag';
import { dayLabel, weekdayName } from './calendar-days';

/** What falls on one day of the calendar. */
export interface CalendarDayItems {
  todos: Todo[];
  /** Repeating todos that occur on this day again (projected, not rows). */
  repeats: Todo[];
  planTasks: AgendaPlanTask[];
  sharedTasks: AgendaSharedTask[];
  dayOff: boolean;
}

export interface CalendarDayActions {
  onOpen: (todo: Todo) => void;
  onAdd: (day: string) => void;
  /** `from`: the day it was on (a repeating todo's occurrence). */
  onMove: (todo: Todo, day: string, from: string) => void;
  onMoveTo: (todo: Todo, from: string) => void;
}

const PRIORITY_EDGE = {
  high: 'border-l-red-500',
  medium: 'border-l-amber-500',
  low: 'border-l-green-500',
} as const;

const itemClass =
  'flex w-full min-w-0 items-center gap-1 rounded border-l-4 bg-white px-1.5 py-0.5 text-left text-xs shadow-sm dark:bg-gray-900';

function MoveToButton({
  todo,
  day,
  actions,
}: {
  todo: Todo;
  day: string;
  actions: CalendarDayActions;
}) {
  return (
    <IconButton
      label={`Move "${todo.title}" to…`}
      tone="bare"
      onClick={() => actions.onMoveTo(todo, day)}
      className="rounded p-0.5 text-gray-500 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      <CalendarArrowRight aria-hidden className="size-3.5" />
    </IconButton>
  );
}

function TodoItem({ todo, actions }: { todo: Todo; actions: CalendarDayActions }) {
  // A repeating todo's move asks whether it is this occurrence or all (ADR 0031).
  const movable = !todo.completed && todo.dueDate !== null;
  return (
    <li
      className={`group ${itemClass} ${PRIORITY_EDGE[todo.priority]}`}
      draggable={movable}
      onDragStart={movable ? (event) => startTodoDrag(event, todo) : undefined}
      onDragEnd={endTodoDrag}
    >
      <Button
        variant="bare"
        onClick={() => actions.onOpen(todo)}
        className={`min-w-0 flex-1 truncate text-left hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 ${
          todo.completed ? 'text-gray-500 line-through dark:text-gray-400' : ''
        }`}
      >
        {todo.dueTime && <span className="mr-1 tabular-nums">{todo.dueTime}</span>}
        {todo.title}
      </Button>
      {movable && <MoveToButton todo={todo} day={todo.dueDate ?? ''} actions={actions} />}
    </li>
  );
}

/** A later occurrence of a repeating todo, projected on `day`: dragged or moved as itself. */
function RepeatItem({
  todo,
  day,
  actions,
}: {
  todo: Todo;
  day: string;
  actions: CalendarDayActions;
}) {
  return (
    <li
      className={`group ${itemClass} border-l-gray-300 text-gray-600 dark:text-gray-300`}
      draggable
      onDragStart={(event) => startTodoDrag(event, todo, day)}
      onDragEnd={endTodoDrag}
    >
      <Repeat aria-label="Repeats" className="size-3 shrink-0" />
      <Button
        variant="bare"
        onClick={() => actions.onOpen(todo)}
        className="min-w-0 flex-1 truncate text-left hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {todo.title}
      </Button>
      <MoveToButton todo={todo} day={day} actions={actions} />
    </li>
  );
}

function TaskItem({ task, to }: { task: AgendaPlanTask | AgendaSharedTask; to: string }) {
  const colour = 'tagColor' in task && task.tagColor ? task.tagColor : undefined;
  return (
    <li
      className={`${itemClass} border-l-blue-400`}
      style={colour ? { borderLeftColor: colour } : undefined}
    >
      <Link
        to={to}
        className={`min-w-0 flex-1 truncate hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 ${
          task.completed ? 'text-gray-500 line-through dark:text-gray-400' : ''
        }`}
      >
        {task.title}
      </Link>
    </li>
  );
}

interface CalendarDayProps {
  day: string;
  today: string;
  items: CalendarDayItems;
  /** False for the days of the grid outside the month shown. */
  inMonth: boolean;
  /**
   * How many items the day shows before the rest fold under 'N more' (the month: a heavy day
   * keeps the grid readable and quick to draw, issue 33); every item when not given.
   */
  shownAtMost?: number;
  actions: CalendarDayActions;
}

/** The day's items in the order they are shown: todos by time, repeats, plan and shared tasks. */
function dayEntries(day: string, items: CalendarDayItems, actions: CalendarDayActions) {
  return [
    ...items.todos.map((todo) => ({
      key: `todo:${todo.id}`,
      item: <TodoItem todo={todo} actions={actions} />,
    })),
    ...items.repeats.map((todo) => ({
      key: `repeat:${todo.id}`,
      item: <RepeatItem todo={todo} day={day} actions={actions} />,
    })),
    ...items.planTasks.map((task) => ({
      key: `plan:${task.id}`,
      item: <TaskItem task={task} to="/dashboard/daily-goals" />,
    })),
    ...items.sharedTasks.map((task) => ({
      key: `shared:${task.id}`,
      item: <TaskItem task={task} to="/dashboard/social?tab=shared-plans" />,
    })),
  ];
}

/**
 * One day of the month or the week: its date, 'Day off', its items, a way to add a todo due
 * then, and a place to drop a todo dragged from another day (today or later, as a todo's form
 * allows). On a phone the days stack, and the empty ones other than today are left out.
 */
export function CalendarDay({
  day,
  today,
  items,
  inMonth,
  shownAtMost = Infinity,
  actions,
}: CalendarDayProps) {
  const [dropping, setDropping] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const entries = dayEntries(day, items, actions);
  const count = entries.length;
  const accepts = (event: DragEvent) => day >= today && carriesTodo(event);
  return (
    <section
      aria-label={dayLabel(day)}
      aria-current={day === today ? 'date' : undefined}
      onDragOver={(event) => {
        if (accepts(event)) {
          event.preventDefault();
          setDropping(true);
        }
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={(event) => {
        setDropping(false);
        const todo = day >= today ? droppedTodo(event) : null;
        const from = droppedFrom(event) ?? todo?.dueDate;
        if (todo && from && from !== day) {
          event.preventDefault();
          actions.onMove(todo, day, from);
        }
      }}
      className={`min-h-24 min-w-0 space-y-1 border-gray-200 p-1.5 sm:border-t dark:border-gray-800 ${
        count === 0 && day !== today ? 'max-sm:hidden' : ''
      } ${inMonth ? '' : 'bg-gray-50 text-gray-500 dark:bg-gray-950'} ${
        dropping ? 'bg-blue-50 outline-2 outline-blue-500 dark:bg-blue-950' : ''
      }`}
    >
      <div className="flex items-center gap-1">
        <span
          className={`inline-flex size-6 items-center justify-center rounded-full text-xs font-semibold ${
            day === today ? 'bg-blue-600 text-white' : ''
          }`}
        >
          {Number(day.slice(8))}
        </span>
        <span className="text-xs text-gray-600 sm:hidden dark:text-gray-300">
          {weekdayName(day)}
        </span>
        {items.dayOff && (
          <span className="rounded bg-gray-200 px-1 text-[10px] font-medium text-gray-700 dark:bg-gray-800 dark:text-gray-200">
            Day off
          </span>
        )}
        {day >= today && (
          <IconButton
            label={`Add a todo on ${dayLabel(day)}`}
            tone="bare"
            onClick={() => actions.onAdd(day)}
            className="ml-auto rounded p-0.5 text-gray-500 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-gray-800"
          >
            <Plus aria-hidden className="size-3.5" />
          </IconButton>
        )}
      </div>
      {count > 0 && (
        <ul className="space-y-1">
          {(expanded || count <= shownAtMost ? entries : entries.slice(0, shownAtMost - 1)).map(
            ({ key, item }) => (
              <Fragment key={key}>{item}</Fragment>
            ),
          )}
        </ul>
      )}
      {count > shownAtMost && (
        <Button
          variant="bare"
          aria-expanded={expanded}
          aria-label={
            expanded
              ? `Show fewer on ${dayLabel(day)}`
              : `Show ${count - shownAtMost + 1} more on ${dayLabel(day)}`
          }
          onClick={() => setExpanded(!expanded)}
          className="w-full rounded px-1.5 py-0.5 text-left text-xs font-medium text-blue-700 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300 dark:hover:bg-blue-950"
        >
          {expanded ? 'Show fewer' : `${count - shownAtMost + 1} more`}
        </Button>
      )}
    </section>
  );
}
