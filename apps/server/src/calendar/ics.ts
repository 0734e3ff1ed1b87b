import ical, { ICalCalendarMethod, ICalEventTransparency } from 'ical-generator';

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
}

export interface FeedTodo {
  id: string;
  title: string;
  description: string;
  priority: 'low' | 'medium' | 'high';
  /** YYYY-MM-DD */
  dueDate: string;
  completed: boolean;
  updatedAt: string;
  repeat: FeedRepeat | null;
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

/** RFC 5545 PRIORITY: 1 highest, 9 lowest. */
const PRIORITY = { high: 1, medium: 5, low: 9 } as const;

const mark = (completed: boolean, title: string) => (completed ? COMPLETED_MARK + title : title);

/**
 * The feed as an iCalendar document. Todos are all-day events on their due dates (VALUE=DATE: a
 * due date is a day, so it never shifts with time zones), transparent so they do not block time;
 * plan tasks with a time are timed events in UTC. UIDs are `<kind>-<id>@<host>`, stable across
 * fetches, so calendar apps update events rather than duplicate them.
 */
export function buildFeed(input: {
  host: string;
  now: Date;
  todos: readonly FeedTodo[];
  tasks: readonly FeedTask[];
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
    const event = calendar.createEvent({
      id: `todo-${todo.id}@${input.host}`,
      start: new Date(`${todo.dueDate}T00:00:00Z`),
      allDay: true,
      stamp: input.now,
      lastModified: new Date(todo.updatedAt),
      summary: mark(todo.completed, todo.title),
      description: todo.description || null,
      priority: PRIORITY[todo.priority],
      transparency: ICalEventTransparency.TRANSPARENT,
    });
    const rule = todoRecurrence(todo.repeat);
    if (rule) {
      event.repeating(rule);
    }
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
      priority: PRIORITY[task.priority],
    });
  }
  return calendar.toString();
}
