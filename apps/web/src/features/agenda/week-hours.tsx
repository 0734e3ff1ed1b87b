import { clockOfMinutes, minutesOfClock } from '@daywise/shared';
import type { CalendarBlock, CalendarRange, Todo } from '@daywise/shared/schemas';
import { type DragEvent, useRef, useState } from 'react';

import { formatCalendarDay } from '../../lib/format';
import { useSettings } from '../../lib/settings';
import { layoutSpans, type Span, spanLabel, timelineHours } from '../../lib/timeline-layout';
import { carriesTodo, droppedTodo, endTodoDrag, startTodoDrag } from '../../lib/todo-drag';
import { weekdayName } from './calendar-days';
import { blockMayMoveTo, useMoveBlock } from './use-move-block';

/** How tall a minute is in the week's hours, in pixels (an hour is 40 px). */
const MINUTE_PX = 2 / 3;
/** A timed todo has no length; it is drawn as this many minutes at its due time. */
const TODO_MARK_MINUTES = 20;
/** A drop in the hours lands on a quarter of an hour (ADR 0031). */
const SNAP_MINUTES = 15;
const BLOCK_DRAG_TYPE = 'application/x-daywise-block';

interface HourItem extends Span {
  label: string;
  kind: 'block' | 'todo';
  done: boolean;
  color: string | null;
  /** What the item shows, to drag: the block, or the todo due then. */
  block?: CalendarBlock;
  todo?: Todo;
}

/** Each day's timed items: its blocks (todos' and tasks') and its todos due at a time. */
function itemsOf(range: CalendarRange, day: string): HourItem[] {
  const blocks = range.blocks
    .filter((block) => block.date === day)
    .map((block) => ({
      id: `${block.kind}-${block.id}`,
      start: minutesOfClock(block.start),
      minutes: block.minutes,
      label: block.title,
      kind: 'block' as const,
      done: block.completed,
      color: block.tagColor,
      block,
    }));
  const timed = range.todos
    .filter((todo) => todo.dueDate === day && todo.dueTime !== null)
    .map((todo) => ({
      id: `due-${todo.id}`,
      start: minutesOfClock(todo.dueTime ?? '00:00'),
      minutes: TODO_MARK_MINUTES,
      label: todo.title,
      kind: 'todo' as const,
      done: todo.completed,
      color: null,
      todo,
    }));
  return [...blocks, ...timed];
}

interface WeekHoursProps {
  days: readonly string[];
  range: CalendarRange;
  today: string;
  /** A todo dropped on a day at a time, HH:MM. */
  onMoveTodo: (todo: Todo, day: string, time: string) => void;
}

/**
 * The week's hours (ADR 0031, Time blocks): a column a day from the user's day start to day end
 * (wider for anything outside), with the time blocks at their time and length, side by side
 * where they overlap, and the todos due at a time at that time. A todo (not a repeating one,
 * whose time is its series') dropped there is due then, to the quarter hour; a block dragged
 * there moves there, a plan task's within its plan's day.
 */
export function WeekHours({ days, range, today, onMoveTodo }: WeekHoursProps) {
  const { settings } = useSettings();
  const moveBlock = useMoveBlock();
  // The block being dragged, and where in it the pointer took it (in minutes from its start).
  const dragging = useRef<{ block: CalendarBlock; grab: number } | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const perDay = days.map((day) => ({ day, items: itemsOf(range, day) }));
  const { first, last } = timelineHours(
    settings.preferences.dayStart,
    settings.preferences.dayEnd,
    perDay.flatMap(({ items }) => items),
  );
  const hours = Array.from({ length: last - first }, (_, index) => first + index);
  const height = (last - first) * 60 * MINUTE_PX;
  const top = first * 60;

  /** What a drag over `day` carries that may land there. */
  const carried = (event: DragEvent, day: string) => {
    const block = dragging.current?.block;
    if (block && event.dataTransfer.types.includes(BLOCK_DRAG_TYPE)) {
      return blockMayMoveTo(block, day) ? ({ kind: 'block', block } as const) : null;
    }
    const todo = day >= today && carriesTodo(event) ? droppedTodo(event) : null;
    return todo && !todo.repeat ? ({ kind: 'todo', todo } as const) : null;
  };
  /** The quarter hour under the pointer, less where the block was taken, within the day. */
  const startAt = (event: DragEvent, grab: number, minutes: number) => {
    const box = event.currentTarget.getBoundingClientRect();
    const at = top + (event.clientY - box.top) / MINUTE_PX - grab;
    const snapped = Math.round(at / SNAP_MINUTES) * SNAP_MINUTES;
    return clockOfMinutes(Math.min(Math.max(snapped, 0), 24 * 60 - minutes));
  };
  const drop = (event: DragEvent, day: string) => {
    setTarget(null);
    const what = carried(event, day);
    if (!what) {
      return;
    }
    event.preventDefault();
    if (what.kind === 'block') {
      const start = startAt(event, dragging.current?.grab ?? 0, what.block.minutes);
      if (start !== what.block.start || day !== what.block.date) {
        moveBlock.mutate({ block: what.block, date: day, start });
      }
    } else {
      onMoveTodo(what.todo, day, startAt(event, 0, SNAP_MINUTES));
    }
  };
  return (
    <section aria-labelledby="week-hours" className="space-y-2">
      <h2 id="week-hours" className="text-lg font-semibold">
        Hours
      </h2>
      <div className="flex overflow-x-auto rounded-xl border border-gray-200 dark:border-gray-800">
        <div aria-hidden className="relative w-12 shrink-0" style={{ height: height + 24 }}>
          {hours.map((hour) => (
            <div
              key={hour}
              className="absolute right-1 text-xs text-gray-500 dark:text-gray-400"
              style={{ top: 24 + (hour * 60 - top) * MINUTE_PX - 6 }}
            >
              {clockOfMinutes(hour * 60)}
            </div>
          ))}
        </div>
        {perDay.map(({ day, items }) => (
          <div
            key={day}
            role="list"
            aria-label={`Hours of ${formatCalendarDay(day)}`}
            className="min-w-24 flex-1 border-l border-gray-200 dark:border-gray-800"
          >
            <div
              aria-hidden
              className="h-6 px-1 text-xs font-semibold text-gray-600 dark:text-gray-300"
            >
              {weekdayName(day)} {Number(day.slice(8))}
            </div>
            <div
              className={`relative ${target === day ? 'bg-blue-50 dark:bg-blue-950' : ''}`}
              style={{ height }}
              onDragOver={(event) => {
                if (carried(event, day)) {
                  event.preventDefault();
                  setTarget(day);
                }
              }}
              onDragLeave={() => setTarget(null)}
              onDrop={(event) => drop(event, day)}
            >
              {hours.map((hour) => (
                <div
                  key={hour}
                  aria-hidden
                  className="absolute inset-x-0 border-t border-gray-100 dark:border-gray-800"
                  style={{ top: (hour * 60 - top) * MINUTE_PX }}
                />
              ))}
              {layoutSpans(items).map((placed) => {
                const item = items.find((each) => each.id === placed.id);
                if (!item) {
                  return null;
                }
                return (
                  <div
                    key={item.id}
                    role="listitem"
                    data-hour-item={item.id}
                    draggable={
                      item.block !== undefined ||
                      (item.todo !== undefined && !item.todo.repeat && !item.todo.completed)
                    }
                    onDragStart={(event) => {
                      if (item.block) {
                        const box = event.currentTarget.getBoundingClientRect();
                        dragging.current = {
                          block: item.block,
                          grab: (event.clientY - box.top) / MINUTE_PX,
                        };
                        event.dataTransfer.effectAllowed = 'move';
                        event.dataTransfer.setData(BLOCK_DRAG_TYPE, item.block.id);
                      } else if (item.todo) {
                        startTodoDrag(event, item.todo);
                      }
                    }}
                    onDragEnd={() => {
                      dragging.current = null;
                      endTodoDrag();
                    }}
                    aria-label={
                      item.kind === 'block'
                        ? `${item.label}, ${spanLabel(item)}`
                        : `${item.label}, due at ${clockOfMinutes(item.start)}`
                    }
                    className={`absolute overflow-hidden rounded border-l-4 px-1 text-xs ${item.kind === 'block' ? 'bg-blue-50 dark:bg-blue-950' : 'bg-amber-50 dark:bg-amber-950'} ${item.done ? 'line-through opacity-70' : ''}`}
                    style={{
                      top: (item.start - top) * MINUTE_PX,
                      height: Math.max(item.minutes * MINUTE_PX, 12),
                      left: `${(placed.column / placed.columns) * 100}%`,
                      width: `calc(${100 / placed.columns}% - 2px)`,
                      borderLeftColor:
                        item.color ?? (item.kind === 'block' ? '#3B82F6' : '#F59E0B'),
                    }}
                  >
                    {item.kind === 'todo' ? `${clockOfMinutes(item.start)} ` : ''}
                    {item.label}
                  </div>
                );
              })}
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
