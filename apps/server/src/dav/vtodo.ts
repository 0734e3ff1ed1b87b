import { createHash } from 'node:crypto';

import {
  instantAt,
  isTimeZone,
  REMINDER_BEFORE_MAX_MINUTES,
  TODO_REMINDERS_MAX,
  type TodoReminder,
} from '@daywise/shared';
import ICAL from 'ical.js';

import { ICAL_PRIORITY, todoRecurrence } from '../calendar/ics';
import { localParts, zoneFormat } from '../imports/read';
import { DavPrecondition } from './precondition';
import { NS } from './xml';

/*
 * Daywise items as VTODOs (RFC 5545 3.6.2), the one place that decides the mapping (ADR 0034).
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
function withKept(calendar: ICAL.Component, vtodo: ICAL.Component, dav: DavKept): ICAL.Component {
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

/*
 * The reader: a VTODO a client PUT, as the fields the writer above writes (its inverse), and what
 * Daywise does not model, kept as jCal to be served back as it came (ADR 0034, 2026-11-29).
 */

/** A VTODO as Daywise reads it. */
export interface ReadTodo {
  uid: string;
  sequence: number;
  title: string;
  description: string;
  priority: 'low' | 'medium' | 'high';
  dueDate: string | null;
  dueTime: string | null;
  completed: boolean;
  tags: string[];
  repeat: { rule: string; from: 'due' } | null;
  reminders: TodoReminder[];
  /** The UID of the item it is a subtask of (RELATED-TO;RELTYPE=PARENT), and that property's jCal. */
  parentUid: string | null;
  parentJson: unknown;
  /** X-APPLE-SORT-ORDER. */
  order: number | null;
  kept: KeptParts;
}

/** What a reader decides is not its to refuse: a rule Daywise cannot repeat by is kept instead. */
export interface ReadOptions {
  /** The user's zone: a floating or zoned DUE becomes a date and time there. */
  timezone: string;
  /** Whether Daywise repeats by this RRULE (counted from the due date). */
  acceptsRule: (rule: string) => boolean;
}

const UID_MAX = 255;
/** The largest SEQUENCE kept (an integer column); a larger one is read as 0. */
const SEQUENCE_MAX = 2_147_483_647;
/** The properties the reader always models (the writer writes each from Daywise's fields). */
const MODELLED = new Set([
  'uid',
  'dtstamp',
  'created',
  'last-modified',
  'summary',
  'description',
  'priority',
  'due',
  'status',
  'completed',
  'categories',
  'sequence',
  'x-apple-sort-order',
]);

const invalidData = () => new DavPrecondition(400, NS.caldav, 'valid-calendar-data');
const invalidObject = () => new DavPrecondition(403, NS.caldav, 'valid-calendar-object-resource');

/** RFC 5545 3.8.1.9: 1-4 high, 5 (and 0, undefined) medium, 6-9 low. */
function priorityOf(value: unknown): ReadTodo['priority'] {
  const number = Number(value);
  if (number >= 1 && number <= 4) {
    return 'high';
  }
  return number >= 6 && number <= 9 ? 'low' : 'medium';
}

/** The instant of a zoned, UTC or floating DATE-TIME (floating: on the user's wall clock). */
function instantOf(property: ICAL.Property, calendar: ICAL.Component, timezone: string): Date {
  const time = property.getFirstValue() as ICAL.Time;
  const tzid = property.getParameter('tzid');
  const wall = () => {
    const pad = (value: number) => String(value).padStart(2, '0');
    return {
      date: `${String(time.year).padStart(4, '0')}-${pad(time.month)}-${pad(time.day)}`,
      time: `${pad(time.hour)}:${pad(time.minute)}`,
    };
  };
  if (typeof tzid !== 'string') {
    if (time.zone === ICAL.Timezone.utcTimezone) {
      return time.toJSDate();
    }
    const { date, time: clock } = wall();
    return instantAt(date, clock, timezone);
  }
  const zone = calendar
    .getAllSubcomponents('vtimezone')
    .find((each) => each.getFirstPropertyValue('tzid') === tzid);
  if (zone) {
    const zoned = ICAL.Time.fromData(
      {
        year: time.year,
        month: time.month,
        day: time.day,
        hour: time.hour,
        minute: time.minute,
        second: time.second,
      },
      new ICAL.Timezone(zone),
    );
    return new Date(zoned.toUnixTime() * 1000);
  }
  if (isTimeZone(tzid)) {
    const { date, time: clock } = wall();
    return instantAt(date, clock, tzid);
  }
  throw invalidData();
}

/** DUE as a date, or a date and time on the user's wall clock. */
function dueOf(
  vtodo: ICAL.Component,
  calendar: ICAL.Component,
  timezone: string,
): { dueDate: string | null; dueTime: string | null } {
  const due = vtodo.getFirstProperty('due');
  const value = due?.getFirstValue();
  if (!due || !(value instanceof ICAL.Time)) {
    return { dueDate: null, dueTime: null };
  }
  if (value.isDate) {
    return { dueDate: value.toString().slice(0, 10), dueTime: null };
  }
  const instant = instantOf(due, calendar, timezone);
  if (Number.isNaN(instant.getTime())) {
    throw invalidData();
  }
  const { date, time } = localParts(instant, zoneFormat(timezone));
  return { dueDate: date, dueTime: time };
}

/** A VALARM as a Daywise reminder, or undefined when it is not one (it is kept as it came). */
function reminderOf(alarm: ICAL.Component, timed: boolean): TodoReminder | undefined {
  const action = String(alarm.getFirstPropertyValue('action') ?? '').toUpperCase();
  const trigger = alarm.getFirstProperty('trigger');
  const value = trigger?.getFirstValue();
  if (!trigger || (action !== 'DISPLAY' && action !== 'AUDIO') || alarm.hasProperty('repeat')) {
    return undefined;
  }
  if (value instanceof ICAL.Time) {
    const at = value.toJSDate();
    return Number.isNaN(at.getTime()) ? undefined : { at: at.toISOString() };
  }
  const related = String(trigger.getParameter('related') ?? 'START').toUpperCase();
  if (!(value instanceof ICAL.Duration) || related !== 'END' || !timed) {
    return undefined;
  }
  const before = -value.toSeconds() / 60;
  return Number.isInteger(before) && before >= 0 && before <= REMINDER_BEFORE_MAX_MINUTES
    ? { before }
    : undefined;
}

/** The calendar a client sent: one VCALENDAR, or 400 with CALDAV:valid-calendar-data. */
export function parseCalendar(text: string): ICAL.Component {
  let jcal: unknown;
  try {
    jcal = ICAL.parse(text);
  } catch {
    throw invalidData();
  }
  if (!Array.isArray(jcal) || jcal[0] !== 'vcalendar') {
    throw invalidData();
  }
  return new ICAL.Component(jcal);
}

/**
 * The one VTODO of a calendar object resource (RFC 4791 4.1), read: 403 with
 * CALDAV:supported-calendar-component for another component, with
 * CALDAV:valid-calendar-object-resource for more than one VTODO, a METHOD or no UID.
 */
export function readTodo(calendar: ICAL.Component, options: ReadOptions): ReadTodo {
  const components = calendar.getAllSubcomponents();
  if (components.some((each) => each.name !== 'vtodo' && each.name !== 'vtimezone')) {
    throw new DavPrecondition(403, NS.caldav, 'supported-calendar-component');
  }
  const vtodos = calendar.getAllSubcomponents('vtodo');
  const vtodo = vtodos[0];
  const uid = vtodo?.getFirstPropertyValue('uid');
  if (!vtodo || vtodos.length > 1 || calendar.hasProperty('method')) {
    throw invalidObject();
  }
  if (typeof uid !== 'string' || uid.trim() === '' || uid.length > UID_MAX) {
    throw invalidObject();
  }
  const { dueDate, dueTime } = dueOf(vtodo, calendar, options.timezone);
  const completed =
    String(vtodo.getFirstPropertyValue('status') ?? '').toUpperCase() === 'COMPLETED' ||
    vtodo.hasProperty('completed');
  const modelled = new Set<ICAL.Property>();
  const mapped = new Set<ICAL.Component>();
  if (completed) {
    vtodo.getAllProperties('percent-complete').forEach((each) => modelled.add(each));
  }
  let repeat: ReadTodo['repeat'] = null;
  const rules = vtodo.getAllProperties('rrule');
  const rule = rules.length === 1 ? rules[0]?.getFirstValue()?.toString() : undefined;
  if (rule && dueDate && options.acceptsRule(rule)) {
    repeat = { rule, from: 'due' };
    rules.forEach((each) => modelled.add(each));
  }
  const reminders: TodoReminder[] = [];
  for (const alarm of vtodo.getAllSubcomponents('valarm')) {
    const reminder =
      reminders.length < TODO_REMINDERS_MAX ? reminderOf(alarm, dueTime !== null) : undefined;
    if (reminder) {
      reminders.push(reminder);
      mapped.add(alarm);
    }
  }
  const parent = vtodo
    .getAllProperties('related-to')
    .find((each) => String(each.getParameter('reltype') ?? 'PARENT').toUpperCase() === 'PARENT');
  if (parent) {
    modelled.add(parent);
  }
  const order = Number.parseInt(String(vtodo.getFirstPropertyValue('x-apple-sort-order')), 10);
  const sequence = Number(vtodo.getFirstPropertyValue('sequence') ?? 0);
  const keptProperties = vtodo
    .getAllProperties()
    .filter((each) => !MODELLED.has(each.name) && !modelled.has(each));
  const zones = new Set(
    keptProperties.map((each) => each.getParameter('tzid')).filter((each) => each !== undefined),
  );
  const kept: KeptParts = {
    properties: keptProperties.map((each): unknown => each.toJSON()),
    components: vtodo
      .getAllSubcomponents()
      .filter((each) => !mapped.has(each))
      .map((each): unknown => each.toJSON()),
    zones: calendar
      .getAllSubcomponents('vtimezone')
      .filter((each) => zones.has(String(each.getFirstPropertyValue('tzid'))))
      .map((each): unknown => each.toJSON()),
  };
  // What is kept must be writable again as it will be served (a throw here is refused as 400).
  withKept(new ICAL.Component('vcalendar'), new ICAL.Component('vtodo'), {
    name: '',
    uid,
    kept: JSON.stringify(kept),
    sequence: 0,
  }).toString();
  return {
    uid,
    sequence:
      Number.isInteger(sequence) && sequence >= 0 && sequence <= SEQUENCE_MAX ? sequence : 0,
    title: String(vtodo.getFirstPropertyValue('summary') ?? ''),
    description: String(vtodo.getFirstPropertyValue('description') ?? ''),
    priority: priorityOf(vtodo.getFirstPropertyValue('priority')),
    dueDate,
    dueTime,
    completed,
    tags: vtodo
      .getAllProperties('categories')
      .flatMap((each) => each.getValues().map((name) => String(name).trim()))
      .filter(Boolean),
    repeat,
    reminders,
    parentUid: parent ? String(parent.getFirstValue()) : null,
    parentJson: parent?.toJSON(),
    order: Number.isInteger(order) && order >= 0 ? order : null,
    kept,
  };
}
