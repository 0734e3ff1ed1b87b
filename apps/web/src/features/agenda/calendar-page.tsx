import { addDays } from '@daywise/shared';
import type { CalendarRange, Todo } from '@daywise/shared/schemas';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ComponentType, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import { Button, IconButton } from '../../components/button';
import { useToday } from '../../lib/settings';
import { useWeekStart } from '../../lib/week-start';
import { AgendaLoadError, AgendaLoading } from './agenda-ui';
import { CalendarDay, type CalendarDayActions, type CalendarDayItems } from './calendar-day';
import {
  addMonths,
  monthGrid,
  monthTitle,
  weekdayName,
  weekDays,
  weekTitle,
} from './calendar-days';
import { useCalendarMoves } from './calendar-moves';
import { useCalendarRange } from './use-calendar';
import { WeekHours } from './week-hours';

/** The todos feature's dialog, handed in by the route (a feature imports no other's files). */
export type CalendarTodoDialog = ComponentType<{
  todo: Todo | null;
  today: string;
  dueDate?: string;
  onClose: () => void;
}>;

type View = 'month' | 'week';

/** A month's day shows this many items, or three and 'N more' (the week shows them all). */
const MONTH_DAY_ITEMS = 4;

/** Each day's items, from the flat lists the server answers. */
function byDay(range: CalendarRange | undefined): Map<string, CalendarDayItems> {
  const days = new Map<string, CalendarDayItems>();
  const at = (day: string) => {
    let items = days.get(day);
    if (!items) {
      items = { todos: [], repeats: [], planTasks: [], sharedTasks: [], dayOff: false };
      days.set(day, items);
    }
    return items;
  };
  if (!range) {
    return days;
  }
  const timed = (a: Todo, b: Todo) => (a.dueTime ?? '').localeCompare(b.dueTime ?? '');
  for (const todo of [...range.todos].sort(timed)) {
    at(todo.dueDate ?? '').todos.push(todo);
  }
  for (const { todo, dates } of range.repeats) {
    dates.forEach((day) => at(day).repeats.push(todo));
  }
  range.planTasks.forEach((task) => at(task.date).planTasks.push(task));
  range.sharedTasks.forEach((task) => at(task.date).sharedTasks.push(task));
  range.daysOff.forEach((day) => (at(day).dayOff = true));
  return days;
}

const EMPTY: CalendarDayItems = {
  todos: [],
  repeats: [],
  planTasks: [],
  sharedTasks: [],
  dayOff: false,
};

type Dialog = { kind: 'edit'; todo: Todo } | { kind: 'add'; day: string } | null;

/**
 * The calendar (issue 33, ADR 0031): a month or a week of what is due, in the user's days and
 * week start, with the later occurrences of repeating todos, plan tasks and days
 * off; the week adds its hours, with the time blocks and the timed todos at their time. A todo is
 * opened by a click, added on a day with its '+', and moved by dragging it to another day (or
 * time, in the week's hours) or through 'Move to…'; a repeating one asks whether this occurrence
 * or all (calendar-moves.tsx). The view and the day shown are in the address.
 */
export function CalendarPage({ TodoDialog }: { TodoDialog: CalendarTodoDialog }) {
  const today = useToday();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'week' ? 'week' : 'month';
  const anchor = /^\d{4}-\d{2}-\d{2}$/.test(params.get('day') ?? '') ? params.get('day') : null;
  const shown = anchor ?? today;
  const weekStart = useWeekStart();
  const weeks = view === 'month' ? monthGrid(shown, weekStart) : [weekDays(shown, weekStart)];
  const from = weeks[0]?.[0] ?? shown;
  const to = weeks.at(-1)?.at(-1) ?? shown;
  const query = useCalendarRange(from, to);
  const days = useMemo(() => byDay(query.data), [query.data]);
  const moves = useCalendarMoves(today);
  const [dialog, setDialog] = useState<Dialog>(null);

  const go = (next: { view?: View; day?: string | null }) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        const nextView = next.view ?? view;
        out.set('view', nextView);
        const day = next.day === undefined ? anchor : next.day;
        if (day) {
          out.set('day', day);
        } else {
          out.delete('day');
        }
        return out;
      },
      { replace: true },
    );
  const step = (direction: 1 | -1) =>
    go({ day: view === 'month' ? addMonths(shown, direction) : addDays(shown, 7 * direction) });
  const unit = view === 'month' ? 'month' : 'week';

  const actions: CalendarDayActions = {
    onOpen: (todo) => setDialog({ kind: 'edit', todo }),
    onAdd: (day) => setDialog({ kind: 'add', day }),
    onMove: (todo, day, from) => moves.move(todo, day, from),
    onMoveTo: moves.moveTo,
  };
  const monthOfShown = shown.slice(0, 7);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-2xl font-bold">Calendar</h1>
        <div
          role="group"
          aria-label="View"
          className="flex rounded-lg border border-gray-300 dark:border-gray-700"
        >
          {(['month', 'week'] as const).map((option) => (
            <Button
              key={option}
              variant="bare"
              aria-pressed={view === option}
              onClick={() => go({ view: option })}
              className="px-3 py-1.5 text-sm font-medium first:rounded-l-lg last:rounded-r-lg aria-pressed:bg-blue-600 aria-pressed:text-white focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              {option === 'month' ? 'Month' : 'Week'}
            </Button>
          ))}
        </div>
      </div>
      <div className="flex items-center gap-2">
        <IconButton label={`Previous ${unit}`} onClick={() => step(-1)}>
          <ChevronLeft aria-hidden className="size-5" />
        </IconButton>
        <IconButton label={`Next ${unit}`} onClick={() => step(1)}>
          <ChevronRight aria-hidden className="size-5" />
        </IconButton>
        <Button variant="secondary" size="xs" onClick={() => go({ day: null })}>
          Today
        </Button>
        <h2 aria-live="polite" className="ml-2 text-lg font-semibold">
          {view === 'month' ? monthTitle(shown) : weekTitle(weeks[0] ?? [])}
        </h2>
      </div>
      {!query.data ? (
        query.isError ? (
          <AgendaLoadError onRetry={() => void query.refetch()} />
        ) : (
          <AgendaLoading />
        )
      ) : (
        <div className="overflow-hidden rounded-xl border border-gray-200 dark:border-gray-800">
          <div
            aria-hidden
            className="hidden grid-cols-7 bg-gray-50 text-xs font-semibold text-gray-600 sm:grid dark:bg-gray-900 dark:text-gray-300"
          >
            {(weeks[0] ?? []).map((day) => (
              <div key={day} className="px-2 py-1.5">
                {weekdayName(day)}
              </div>
            ))}
          </div>
          {weeks.map((week) => (
            <div
              key={week[0]}
              className={`grid grid-cols-1 sm:grid-cols-7 ${view === 'week' ? 'sm:min-h-96' : ''}`}
            >
              {week.map((day) => (
                <CalendarDay
                  key={day}
                  day={day}
                  today={today}
                  items={days.get(day) ?? EMPTY}
                  inMonth={view === 'week' || day.slice(0, 7) === monthOfShown}
                  shownAtMost={view === 'month' ? MONTH_DAY_ITEMS : undefined}
                  actions={actions}
                />
              ))}
            </div>
          ))}
        </div>
      )}
      {view === 'week' && query.data && (
        <WeekHours
          days={weeks[0] ?? []}
          range={query.data}
          today={today}
          onMoveTodo={(todo, day, time) => moves.move(todo, day, todo.dueDate ?? day, time)}
        />
      )}
      {dialog?.kind === 'edit' && (
        <TodoDialog todo={dialog.todo} today={today} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'add' && (
        <TodoDialog
          todo={null}
          today={today}
          dueDate={dialog.day}
          onClose={() => setDialog(null)}
        />
      )}
      {moves.dialogs}
    </div>
  );
}
