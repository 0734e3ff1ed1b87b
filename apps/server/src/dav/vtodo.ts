import { createHash } from 'node:crypto';

import { instantAt, type TodoReminder } from '@daywise/shared';
import ICAL from 'ical.js';

import { ICAL_PRIORITY, todoRecurrence } from '../calendar/ics';
import { excludedDatesOf } from '../todos/todo-fields';

/*
 * Daywise items as VTODOs (RFC 5545 3.6.2), the one place that decides the mapping (ADR 0034);
 * its inverse, what a client PUT, is vtodo-read.ts, which is changed with it.
 * Built with ical.js, which escapes and folds every value. Time values are written in UTC (a
 * timed DUE, COMPLETED, CREATED, LAST-MODIFIED, DTSTAMP, absolute alarms), so no VTIMEZONE is
 * needed; a due date without a time is a DATE.
 */

export interface DavTodo {
  id: string;
  title: string;
  description: string;
  priority: 'low' | 'medium' | 'high';
  /** YYYY-MM-DD, or null. */
  dueDate: string | null;
  /** HH:MM on the due date in the user's zone, or null. */
  dueTime: string | null;
  /** When it was completed (ISO), or null while open. */
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  repeat: { rule: string; from: 'due' | 'completion' } | null;
  /** The JSON text of its repeat's excluded dates (migration 0036, ADR 0031); none when absent. */
  repeatExcluded?: string;
  /** The JSON text of its reminders (`TodoReminder[]`, ADR 0030). */
  reminders: string;
  parentId: string | null;
  order: number;
  /** Its tags' names. */
  tags: string[];
  /** What a CalDAV client chose for it (dav_objects), or null for one it did not write. */
  dav: DavKept | null;
}

/** A todo as a client wrote it: its resource name, UID, SEQUENCE and what Daywise does not model. */
export interface DavKept {
  name: string;
  uid: string;
  /** JSON of `KeptParts`. */
  kept: string;
  sequence: number;
}

/** The jCal of a VTODO's properties and components Daywise has no field for, and the VTIMEZONEs they name. */
export interface KeptParts {
  properties: unknown[];
  components: unknown[];
  zones: unknown[];
}

export interface DavTask {
  id: string;
  title: string;
  description: string;
  priority: 'low' | 'medium' | 'high';
  tag: string | null;
  /** HH:MM on the plan's day: when it reminds, or null. */
  reminderTime: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  order: number;
  /** YYYY-MM-DD: its plan's day, its DUE. */
  planDate: string;
}

const PRODID = '-//Daywise//CalDAV server//EN';

const utc = (iso: string | Date) => ICAL.Time.fromJSDate(new Date(iso), true);

function calendarOf(vtodo: ICAL.Component): ICAL.Component {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', PRODID);
  calendar.addSubcomponent(vtodo);
  return calendar;
}

/** What every item carries: identity, times, text, priority and whether it is done. */
function baseTodo(item: DavTodo | DavTask): ICAL.Component {
  const vtodo = new ICAL.Component('vtodo');
  vtodo.addPropertyWithValue('uid', item.id);
  vtodo.addPropertyWithValue('dtstamp', utc(item.updatedAt));
  vtodo.addPropertyWithValue('created', utc(item.createdAt));
  vtodo.addPropertyWithValue('last-modified', utc(item.updatedAt));
  vtodo.addPropertyWithValue('summary', item.title);
  if (item.description) {
    vtodo.addPropertyWithValue('description', item.description);
  }
  vtodo.addPropertyWithValue('priority', ICAL_PRIORITY[item.priority]);
  if (item.completedAt) {
    vtodo.addPropertyWithValue('status', 'COMPLETED');
    vtodo.addPropertyWithValue('completed', utc(item.completedAt));
    vtodo.addPropertyWithValue('percent-complete', 100);
  } else {
    vtodo.addPropertyWithValue('status', 'NEEDS-ACTION');
  }
  return vtodo;
}

function addCategories(vtodo: ICAL.Component, names: readonly string[]): void {
  if (names.length > 0) {
    const categories = new ICAL.Property('categories', vtodo);
    categories.setValues([...names]);
    vtodo.addProperty(categories);
  }
}

/** A display alarm: an instant (`Date`), or minutes before DUE (RFC 5545 3.8.6.3: RELATED=END). */
function addAlarm(vtodo: ICAL.Component, title: string, trigger: Date | number): void {
  const alarm = new ICAL.Component('valarm');
  alarm.addPropertyWithValue('action', 'DISPLAY');
  alarm.addPropertyWithValue('description', title);
  const property = new ICAL.Property('trigger', alarm);
  if (trigger instanceof Date) {
    property.resetType('date-time');
    property.setValue(utc(trigger));
  } else {
    property.setParameter('related', 'END');
    property.setValue(ICAL.Duration.fromSeconds(-trigger * 60));
  }
  alarm.addProperty(property);
  vtodo.addSubcomponent(alarm);
}

/**
 * The repeat's excluded dates, one EXDATE each, of DUE's type: a day, or the due time on that day
 * in UTC (occurrences moved on their own, ADR 0031).
 */
function addExcluded(vtodo: ICAL.Component, todo: DavTodo, timezone: string): void {
  for (const day of excludedDatesOf({ repeat_excluded: todo.repeatExcluded ?? '[]' })) {
    vtodo.addPropertyWithValue(
      'exdate',
      todo.dueTime ? utc(instantAt(day, todo.dueTime, timezone)) : ICAL.Time.fromDateString(day),
    );
  }
}

/** A todo's VCALENDAR, `timezone` being the user's (a due time is on the wall clock there). */
export function todoCalendar(todo: DavTodo, timezone: string): ICAL.Component {
  const vtodo = baseTodo(todo);
  if (todo.dueDate) {
    vtodo.addPropertyWithValue(
      'due',
      todo.dueTime
        ? utc(instantAt(todo.dueDate, todo.dueTime, timezone))
        : ICAL.Time.fromDateString(todo.dueDate),
    );
  }
  addCategories(vtodo, todo.tags);
  const rule = todoRecurrence(todo.repeat);
  if (rule && todo.dueDate) {
    try {
      vtodo.addPropertyWithValue('rrule', ICAL.Recur.fromString(rule));
      addExcluded(vtodo, todo, timezone);
    } catch {
      // A rule ical.js cannot read is left out rather than served broken.
    }
  }
  for (const reminder of JSON.parse(todo.reminders) as TodoReminder[]) {
    if ('at' in reminder) {
      const at = new Date(reminder.at);
      if (!Number.isNaN(at.getTime())) {
        addAlarm(vtodo, todo.title, at);
      }
    } else if (todo.dueDate && todo.dueTime && Number.isInteger(reminder.before)) {
      addAlarm(vtodo, todo.title, reminder.before);
    }
  }
  if (todo.parentId) {
    const related = vtodo.addPropertyWithValue('related-to', todo.parentId);
    related.setParameter('reltype', 'PARENT');
  }
  vtodo.addPropertyWithValue('x-apple-sort-order', String(todo.order));
  return todo.dav ? withKept(calendarOf(vtodo), vtodo, todo.dav) : calendarOf(vtodo);
}

/** What the client wrote and Daywise does not model, served back as it came (ADR 0034). */
export function withKept(
  calendar: ICAL.Component,
  vtodo: ICAL.Component,
  dav: DavKept,
): ICAL.Component {
  vtodo.updatePropertyWithValue('uid', dav.uid);
  vtodo.addPropertyWithValue('sequence', dav.sequence);
  const kept = JSON.parse(dav.kept) as KeptParts;
  for (const property of kept.properties) {
    vtodo.addProperty(new ICAL.Property(property as unknown[]));
  }
  for (const component of kept.components) {
    vtodo.addSubcomponent(new ICAL.Component(component as unknown[]));
  }
  for (const zone of kept.zones) {
    calendar.addSubcomponent(new ICAL.Component(zone as unknown[]));
  }
  return calendar;
}

/** A plan task's VCALENDAR: due on its plan's day, reminding at its time there. */
export function taskCalendar(task: DavTask, timezone: string): ICAL.Component {
  const vtodo = baseTodo(task);
  vtodo.addPropertyWithValue('due', ICAL.Time.fromDateString(task.planDate));
  addCategories(vtodo, task.tag ? [task.tag] : []);
  if (task.reminderTime) {
    addAlarm(vtodo, task.title, instantAt(task.planDate, task.reminderTime, timezone));
  }
  vtodo.addPropertyWithValue('x-apple-sort-order', String(task.order));
  return calendarOf(vtodo);
}

/** An item as served: its iCalendar text and its strong ETag, a hash of exactly those bytes. */
export interface DavObject {
  id: string;
  /** Its resource name: `<id>.ics`, or the one its client chose. */
  name: string;
  calendar: ICAL.Component;
  body: string;
  etag: string;
  updatedAt: string;
}

export function davObject(
  id: string,
  calendar: ICAL.Component,
  updatedAt: string,
  name = `${id}.ics`,
): DavObject {
  const body = calendar.toString() + '\r\n';
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { id, name, calendar, body, etag, updatedAt };
}
