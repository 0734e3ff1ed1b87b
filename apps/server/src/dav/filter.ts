import { instantAt } from '@daywise/shared';
import ICAL from 'ical.js';

import { ApiError } from '../lib/errors';
import { child, isElement, NS, type XmlElement } from './xml';

/*
 * calendar-query filters (RFC 4791 9.7): comp-filter, prop-filter, is-not-defined, time-range and
 * text-match, evaluated on each item's VCALENDAR as it is served. param-filter, and a time-range
 * on anything but a VTODO or a date property, are refused with CALDAV:supported-filter (403).
 */

interface TimeRange {
  start: number;
  end: number;
}

interface TextMatch {
  text: string;
  negate: boolean;
  caseless: boolean;
}

export interface PropFilter {
  name: string;
  isNotDefined: boolean;
  timeRange?: TimeRange;
  textMatch?: TextMatch;
}

export interface CompFilter {
  name: string;
  isNotDefined: boolean;
  timeRange?: TimeRange;
  props: PropFilter[];
  comps: CompFilter[];
}

/** Why a filter is refused: 403 naming CALDAV:supported-filter, or 400 for a malformed one. */
export class UnsupportedFilter extends Error {}

const invalid = (message: string) => new ApiError('VALIDATION_FAILED', message);

/** `20261121T090000Z` as milliseconds (RFC 4791 9.9 requires UTC). */
function utcInstant(value: string | undefined, fallback: number): number {
  if (value === undefined) {
    return fallback;
  }
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value.trim());
  if (!match) {
    throw invalid(`The time-range value '${value.slice(0, 40)}' is not a UTC date-time.`);
  }
  const [, y, mo, d, h, mi, s] = match.map(Number);
  return Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0);
}

function timeRangeOf(element: XmlElement): TimeRange | undefined {
  const range = child(element, NS.caldav, 'time-range');
  if (!range) {
    return undefined;
  }
  if (range.attributes.start === undefined && range.attributes.end === undefined) {
    throw invalid('A time-range needs a start or an end.');
  }
  return {
    start: utcInstant(range.attributes.start, Number.NEGATIVE_INFINITY),
    end: utcInstant(range.attributes.end, Number.POSITIVE_INFINITY),
  };
}

const COLLATIONS = new Set(['i;ascii-casemap', 'i;unicode-casemap', 'i;octet']);

function propFilterOf(element: XmlElement): PropFilter {
  if (child(element, NS.caldav, 'param-filter')) {
    throw new UnsupportedFilter('param-filter');
  }
  const name = (element.attributes.name ?? '').toUpperCase();
  const match = child(element, NS.caldav, 'text-match');
  const collation = match?.attributes.collation ?? 'i;ascii-casemap';
  if (match && !COLLATIONS.has(collation)) {
    throw new UnsupportedFilter(collation);
  }
  return {
    name,
    isNotDefined: child(element, NS.caldav, 'is-not-defined') !== undefined,
    ...(timeRangeOf(element) ? { timeRange: timeRangeOf(element) } : {}),
    ...(match
      ? {
          textMatch: {
            text: match.text,
            negate: match.attributes['negate-condition'] === 'yes',
            caseless: collation !== 'i;octet',
          },
        }
      : {}),
  };
}

function compFilterOf(element: XmlElement): CompFilter {
  const name = (element.attributes.name ?? '').toUpperCase();
  const timeRange = timeRangeOf(element);
  if (timeRange && name !== 'VTODO') {
    throw new UnsupportedFilter('time-range');
  }
  return {
    name,
    isNotDefined: child(element, NS.caldav, 'is-not-defined') !== undefined,
    ...(timeRange ? { timeRange } : {}),
    props: element.children
      .filter((each) => isElement(each, NS.caldav, 'prop-filter'))
      .map(propFilterOf),
    comps: element.children
      .filter((each) => isElement(each, NS.caldav, 'comp-filter'))
      .map(compFilterOf),
  };
}

/** The query's filter: its one comp-filter, which must name VCALENDAR (RFC 4791 9.7). */
export function filterOf(query: XmlElement): CompFilter {
  const filter = child(query, NS.caldav, 'filter');
  const top = filter && child(filter, NS.caldav, 'comp-filter');
  if (!top || (top.attributes.name ?? '').toUpperCase() !== 'VCALENDAR') {
    throw invalid('A calendar-query needs a filter with a VCALENDAR comp-filter.');
  }
  return compFilterOf(top);
}

/** A time value as an instant: a DATE is its day's start in the user's zone (RFC 4791 9.9). */
function instantOf(time: ICAL.Time, timezone: string): number {
  return time.isDate
    ? instantAt(time.toString().slice(0, 10), '00:00', timezone).getTime()
    : time.toJSDate().getTime();
}

function timeValue(component: ICAL.Component, name: string, timezone: string): number | undefined {
  const value = component.getFirstPropertyValue(name);
  return value instanceof ICAL.Time ? instantOf(value, timezone) : undefined;
}

/** RFC 4791 9.9's table for a VTODO, which Daywise writes without DTSTART or DURATION. */
function todoOverlaps(todo: ICAL.Component, { start, end }: TimeRange, timezone: string): boolean {
  const due = timeValue(todo, 'due', timezone);
  if (due !== undefined) {
    return start < due && end >= due;
  }
  const completed = timeValue(todo, 'completed', timezone);
  const created = timeValue(todo, 'created', timezone);
  if (completed !== undefined && created !== undefined) {
    return (start <= created || start <= completed) && (end >= created || end >= completed);
  }
  if (completed !== undefined) {
    return start <= completed && end >= completed;
  }
  return created === undefined || end > created;
}

function textMatches(values: unknown[], match: TextMatch): boolean {
  const fold = (text: string) => (match.caseless ? text.toLowerCase() : text);
  const found = values.some((value) => fold(String(value)).includes(fold(match.text)));
  return found !== match.negate;
}

function propMatches(component: ICAL.Component, filter: PropFilter, timezone: string): boolean {
  const properties = component.getAllProperties(filter.name.toLowerCase());
  if (filter.isNotDefined) {
    return properties.length === 0;
  }
  return properties.some((property) => {
    const values = property.getValues();
    if (filter.timeRange) {
      const first: unknown = values[0];
      if (!(first instanceof ICAL.Time)) {
        return false;
      }
      const at = instantOf(first, timezone);
      if (!(filter.timeRange.start <= at && at < filter.timeRange.end)) {
        return false;
      }
    }
    return !filter.textMatch || textMatches(values, filter.textMatch);
  });
}

function componentMatches(
  component: ICAL.Component,
  filter: CompFilter,
  timezone: string,
): boolean {
  if (filter.timeRange && !todoOverlaps(component, filter.timeRange, timezone)) {
    return false;
  }
  return (
    filter.props.every((each) => propMatches(component, each, timezone)) &&
    filter.comps.every((each) => {
      const children = component.getAllSubcomponents(each.name.toLowerCase());
      return each.isNotDefined
        ? children.length === 0
        : children.some((one) => componentMatches(one, each, timezone));
    })
  );
}

/** Whether a VCALENDAR passes the filter (`filterOf`), dates read in the user's `timezone`. */
export function matchesFilter(
  calendar: ICAL.Component,
  filter: CompFilter,
  timezone: string,
): boolean {
  return filter.isNotDefined ? false : componentMatches(calendar, filter, timezone);
}
