import {
  instantAt,
  isTimeZone,
  REMINDER_BEFORE_MAX_MINUTES,
  TODO_REMINDERS_MAX,
  type TodoReminder,
} from '@daywise/shared';
import ICAL from 'ical.js';

import { localParts, zoneFormat } from '../imports/read';
import { DavPrecondition } from './precondition';
import { type KeptParts, withKept } from './vtodo';
import { NS } from './xml';

/*
 * The reader: a VTODO a client PUT, as the fields the writer (vtodo.ts) writes (its inverse), and what
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
  /** EXDATE's days in the user's zone, read with a rule Daywise repeats by; else kept as sent. */
  excluded: string[];
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

/**
 * The instant of a zoned, UTC or floating DATE-TIME (floating: on the user's wall clock): the
 * property's first value, or `time`, another of its values.
 */
function instantOf(
  property: ICAL.Property,
  calendar: ICAL.Component,
  timezone: string,
  time = property.getFirstValue() as ICAL.Time,
): Date {
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

/** A DATE as its day, or a DATE-TIME as a day and time on the user's wall clock. */
function dayAndTime(
  property: ICAL.Property,
  value: ICAL.Time,
  calendar: ICAL.Component,
  timezone: string,
): { date: string; time: string | null } {
  if (value.isDate) {
    return { date: value.toString().slice(0, 10), time: null };
  }
  const instant = instantOf(property, calendar, timezone, value);
  if (Number.isNaN(instant.getTime())) {
    throw invalidData();
  }
  return localParts(instant, zoneFormat(timezone));
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
  const { date, time } = dayAndTime(due, value, calendar, timezone);
  return { dueDate: date, dueTime: time };
}

/** The days of every EXDATE value (a property may hold several), in the user's zone. */
function excludedDays(
  properties: readonly ICAL.Property[],
  calendar: ICAL.Component,
  timezone: string,
): string[] {
  return properties.flatMap((property) =>
    property.getValues().map((value: unknown) => {
      if (!(value instanceof ICAL.Time)) {
        throw invalidData();
      }
      return dayAndTime(property, value, calendar, timezone).date;
    }),
  );
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
  let excluded: string[] = [];
  const rules = vtodo.getAllProperties('rrule');
  const rule = rules.length === 1 ? rules[0]?.getFirstValue()?.toString() : undefined;
  if (rule && dueDate && options.acceptsRule(rule)) {
    repeat = { rule, from: 'due' };
    const exdates = vtodo.getAllProperties('exdate');
    excluded = excludedDays(exdates, calendar, options.timezone);
    [...rules, ...exdates].forEach((each) => modelled.add(each));
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
    excluded,
    kept,
  };
}
