import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';

import { type DavTodo, todoCalendar } from './vtodo';

/** A repeating todo's excluded dates as EXDATE (ADR 0031, Moving repeating todos, 2026-11-29). */
describe('a VTODO’s excluded dates', () => {
  const todo: DavTodo = {
    id: 'swim',
    title: 'Swim',
    description: '',
    priority: 'medium',
    dueDate: '2026-11-23',
    dueTime: null,
    completedAt: null,
    createdAt: '2026-11-21T09:00:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
    repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO', from: 'due' },
    repeatExcluded: '["2026-11-30","2026-12-14"]',
    reminders: '[]',
    parentId: null,
    order: 0,
    tags: [],
    dav: null,
  };
  /** The VTODO as a client reads it back with ical.js. */
  const read = (item: DavTodo) =>
    ICAL.Component.fromString(todoCalendar(item, 'Europe/Paris').toString()).getFirstSubcomponent(
      'vtodo',
    );

  it('writes one EXDATE per day, as days for a due date', () => {
    const vtodo = read(todo);
    expect(vtodo?.getAllProperties('exdate').map((p) => p.getFirstValue()?.toString())).toEqual([
      '2026-11-30',
      '2026-12-14',
    ]);
  });

  it('writes the due time on each day in UTC for a timed todo', () => {
    const vtodo = read({ ...todo, dueTime: '07:30' });
    expect(vtodo?.getAllProperties('exdate').map((p) => p.getFirstValue()?.toString())).toEqual([
      '2026-11-30T06:30:00Z',
      '2026-12-14T06:30:00Z',
    ]);
  });

  it('writes none without excluded days or a rule', () => {
    expect(read({ ...todo, repeatExcluded: '[]' })?.getAllProperties('exdate')).toEqual([]);
    expect(read({ ...todo, repeat: null })?.getAllProperties('exdate')).toEqual([]);
  });
});
