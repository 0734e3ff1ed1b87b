import { clockOfMinutes, minutesOfClock } from '@daywise/shared';
import type { CalendarRange } from '@daywise/shared/schemas';

import { formatCalendarDay } from '../../lib/format';
import { useSettings } from '../../lib/settings';
import { layoutSpans, type Span, spanLabel, timelineHours } from '../../lib/timeline-layout';
import { weekdayName } from './calendar-days';

/** How tall a minute is in the week's hours, in pixels (an hour is 40 px). */
const MINUTE_PX = 2 / 3;
/** A timed todo has no length; it is drawn as this many minutes at its due time. */
const TODO_MARK_MINUTES = 20;

interface HourItem extends Span {
  label: string;
  kind: 'block' | 'todo';
  done: boolean;
  color: string | null;
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
    }));
  return [...blocks, ...timed];
}

/**
 * The week's hours (ADR 0031, Time blocks): a column a day from the user's day start to day end
 * (wider for anything outside), with the time blocks at their time and length, side by side
 * where they overlap, and the todos due at a time at that time.
 */
export function WeekHours({ days, range }: { days: readonly string[]; range: CalendarRange }) {
  const { settings } = useSettings();
  const perDay = days.map((day) => ({ day, items: itemsOf(range, day) }));
  const { first, last } = timelineHours(
    settings.preferences.dayStart,
    settings.preferences.dayEnd,
    perDay.flatMap(({ items }) => items),
  );
  const hours = Array.from({ length: last - first }, (_, index) => first + index);
  const height = (last - first) * 60 * MINUTE_PX;
  const top = first * 60;
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
            <div className="relative" style={{ height }}>
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
