import ical, {
  ICalAlarmType,
  ICalCalendarMethod,
  type ICalEvent,
  ICalEventTransparency,
} from 'ical-generator';

/** How long a plan task's event lasts: a task has a time but no length (ours). */
export const TASK_EVENT_MINUTES = 30;
/** How often calendar apps are asked to fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 60 * 60;
/** The prefix of a completed item's title: VEVENT has no "completed" STATUS (RFC 5545 3.8.1.11). */
export const COMPLETED_MARK = '✓ ';

/** A todo's repeat, as todos store it: an RRULE without DTSTART and what it counts from. */
export interface FeedRepeat {
  rule: string;
  from: 'due' | 'completion';
  /** Its excluded dates, YYYY-MM-DD (migration 0036, ADR 0031): each an EXDATE. */
  excluded?: readonly string[];
}

/** A todo's reminder as an alarm (ADR 0030): minutes before its due time, or an instant. */
export type FeedAlarm = { before: number } | { at: Date };

export interface FeedTodo {
  id: string;
  title: string;
  description: string;
  priority: 'low' | 'medium' | 'high';
  /** YYYY-MM-DD */
  dueDate: string;
  /**
   * With a due time (ADR 0030): when it is due, and the user's zone, which a repeating todo's
   * event names so that its rule keeps the wall-clock time across clock changes.
   */
  due?: { at: Date; time: string; timeZone: string } | null;
  completed: boolean;
  updatedAt: string;
  repeat: FeedRepeat | null;
  /** One VALARM each. */
  alarms?: readonly FeedAlarm[];
}

export interface FeedTask {
  id: string;
  title: string;
  description: string;
  planTitle: string;
  priority: 'low' | 'medium' | 'high';
  /** When the task happens: its plan's day at its time, in the user's zone at that day. */
  start: Date;
  completed: boolean;
  updatedAt: string;
}

/** A time block (ADR 0031): a todo's on its block day or a plan task's on its plan's day. */
export interface FeedBlock {
  kind: 'todo' | 'task';
  id: string;
  title: string;
  description: string;
  priority: 'low' | 'medium' | 'high';
  /** Its start and end: its day at its start time in the user's zone, and that many minutes on. */
  start: Date;
  end: Date;
  completed: boolean;
  updatedAt: string;
}

const RRULE_PART = /^[A-Z-]+=[A-Za-z0-9,+\-:]+$/;
const FREQUENCIES = new Set([
  'SECONDLY',
  'MINUTELY',
  'HOURLY',
  'DAILY',
  'WEEKLY',
  'MONTHLY',
  'YEARLY',
]);

/**
 * An RRULE value for the feed, or null when `rule` is not one line of `NAME=VALUE` parts with a
 * FREQ (an `RRULE:` prefix is accepted and dropped). DTSTART is the event's own start, so a rule
 * that names one is refused; nothing but the rule's own characters can reach the feed (no line
 * breaks, no other property).
 */
export function feedRepeatRule(rule: string): string | null {
  const value = rule.trim().replace(/^RRULE:/i, '');
  const parts = value.split(';');
  if (!value || !parts.every((part) => RRULE_PART.test(part))) {
    return null;
  }
  const names = parts.map((part) => part.slice(0, part.indexOf('=')));
  if (new Set(names).size !== names.length || names.includes('DTSTART')) {
    return null;
  }
  const frequency = parts.find((part) => part.startsWith('FREQ='))?.slice('FREQ='.length);
  return frequency && FREQUENCIES.has(frequency) ? value : null;
}

/**
 * The RRULE a todo's event carries. A repeat counted from the due date is the rule itself on the
 * due day; one counted from completion has no fixed dates (the next one depends on when this one
 * is done), so the feed shows only the next due date.
 */
export function todoRecurrence(repeat: FeedRepeat | null): string | null {
  return repeat && repeat.from === 'due' ? feedRepeatRule(repeat.rule) : null;
}

/**
 * The rule with the repeat's excluded dates as EXDATE, of DTSTART's type: days for an all-day
 * event, the due time on each day in the zone DTSTART names for a timed one.
 */
function withExcluded(
  rule: string,
  todo: FeedTodo,
  timing: { allDay?: boolean; timezone?: string },
): string {
  const excluded = todo.repeat?.excluded ?? [];
  if (excluded.length === 0) {
    return rule;
  }
  const days = excluded.map((day) => day.replaceAll('-', ''));
  const time = todo.due ? `T${todo.due.time.replace(':', '')}00` : '';
  const exdate =
    timing.timezone && time
      ? `EXDATE;TZID=${timing.timezone}:${days.map((day) => day + time).join(',')}`
      : `EXDATE;VALUE=DATE:${days.join(',')}`;
  return `RRULE:${rule}\r\n${exdate}`;
}

/** RFC 5545 PRIORITY: 1 highest, 9 lowest. */
export const ICAL_PRIORITY = { high: 1, medium: 5, low: 9 } as const;

const mark = (completed: boolean, title: string) => (completed ? COMPLETED_MARK + title : title);

/** A todo's event: all day on its due date, or at its due time when it has one. */
function todoTiming(todo: FeedTodo, rule: string | null) {
  if (!todo.due) {
    return { start: new Date(`${todo.dueDate}T00:00:00Z`), allDay: true };
  }
  if (!rule) {
    return { start: todo.due.at };
  }
  // A repeating one in its zone (DTSTART;TZID=…), so that 09:00 stays 09:00 across clock
  // changes. The library writes such a Date's fields as the process's clock reads them, so the
  // Date is made of the wall-clock time itself.
  const [year, month, day] = todo.dueDate.split('-').map(Number);
  const [hour, minute] = todo.due.time.split(':').map(Number);
  return {
    start: new Date(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0),
    timezone: todo.due.timeZone,
  };
}

/**
 * A todo's alarms: `before` relative to the event's start (whole days as days, RFC 5545's nominal
 * duration, as Daywise counts them); an instant as itself, or on an event in its zone (whose
 * absolute triggers the library would write without a zone) as the time before that event.
 */
function addAlarms(event: ICalEvent, todo: FeedTodo, start: Date, zoned: boolean): void {
  for (const alarm of todo.alarms ?? []) {
    const trigger =
      'before' in alarm
        ? alarm.before * 60
        : zoned
          ? Math.round((start.getTime() - alarm.at.getTime()) / 1000)
          : alarm.at;
    event.createAlarm({ type: ICalAlarmType.display, trigger, description: todo.title });
  }
}

/**
 * The feed as an iCalendar document. Todos are all-day events on their due dates (VALUE=DATE: a
 * due date is a day, so it never shifts with time zones), or timed at their due time when they
 * have one, transparent so they do not block time, with a VALARM per reminder;
 * plan tasks with a time are timed events in UTC, and so are time blocks, from their start to their
 * end (ADR 0031), opaque as they take the time. UIDs are `<kind>-<id>@<host>`, stable across
 * fetches, so calendar apps update events rather than duplicate them.
 */
export function buildFeed(input: {
  host: string;
  now: Date;
  todos: readonly FeedTodo[];
  tasks: readonly FeedTask[];
  blocks?: readonly FeedBlock[];
  /** The calendar's name: 'Daywise', or 'Daywise: <filter>' for a saved filter's feed. */
  name?: string;
}): string {
  const calendar = ical({
    name: input.name ?? 'Daywise',
    prodId: { company: 'Daywise', product: 'Calendar feed', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const todo of input.todos) {
    const rule = todoRecurrence(todo.repeat);
    const timing = todoTiming(todo, rule);
    const event = calendar.createEvent({
      id: `todo-${todo.id}@${input.host}`,
      ...timing,
      stamp: input.now,
      lastModified: new Date(todo.updatedAt),
      summary: mark(todo.completed, todo.title),
      description: todo.description || null,
      priority: ICAL_PRIORITY[todo.priority],
      transparency: ICalEventTransparency.TRANSPARENT,
    });
    if (rule) {
      event.repeating(withExcluded(rule, todo, timing));
    }
    addAlarms(event, todo, todo.due?.at ?? timing.start, 'timezone' in timing);
  }
  for (const task of input.tasks) {
    calendar.createEvent({
      id: `task-${task.id}@${input.host}`,
      start: task.start,
      end: new Date(task.start.getTime() + TASK_EVENT_MINUTES * 60_000),
      stamp: input.now,
      lastModified: new Date(task.updatedAt),
      summary: mark(task.completed, task.title),
      description: [task.planTitle, task.description].filter(Boolean).join('\n\n') || null,
      priority: ICAL_PRIORITY[task.priority],
    });
  }
  for (const block of input.blocks ?? []) {
    calendar.createEvent({
      id: `block-${block.kind}-${block.id}@${input.host}`,
      start: block.start,
      end: block.end,
      stamp: input.now,
      lastModified: new Date(block.updatedAt),
      summary: mark(block.completed, block.title),
      description: block.description || null,
      priority: ICAL_PRIORITY[block.priority],
      transparency: ICalEventTransparency.OPAQUE,
    });
  }
  return calendar.toString();
}
