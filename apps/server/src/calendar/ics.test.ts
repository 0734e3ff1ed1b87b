import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';

import { feedToken, isFeedToken } from './feed-token';
import { buildFeed, feedRepeatRule, type FeedTodo, todoRecurrence } from './ics';

const todo = (fields: Partial<FeedTodo> = {}): FeedTodo => ({
  id: 't1',
  title: 'Pay rent',
  description: '',
  priority: 'medium',
  dueDate: '2026-11-25',
  completed: false,
  updatedAt: '2026-11-20T10:00:00.000Z',
  repeat: null,
  ...fields,
});

describe('feedRepeatRule', () => {
  it.each([
    ['FREQ=WEEKLY;BYDAY=MO,WE', 'FREQ=WEEKLY;BYDAY=MO,WE'],
    ['RRULE:FREQ=MONTHLY;BYMONTHDAY=-1', 'FREQ=MONTHLY;BYMONTHDAY=-1'],
    ['FREQ=DAILY;INTERVAL=2;UNTIL=20270101', 'FREQ=DAILY;INTERVAL=2;UNTIL=20270101'],
    ['FREQ=YEARLY;COUNT=3', 'FREQ=YEARLY;COUNT=3'],
  ])('keeps %s', (rule, expected) => {
    expect(feedRepeatRule(rule)).toBe(expected);
  });

  it.each([
    '',
    'WEEKLY',
    'FREQ=FORTNIGHTLY',
    'INTERVAL=2',
    'FREQ=DAILY;FREQ=WEEKLY',
    'DTSTART=20260101;FREQ=DAILY',
    'FREQ=DAILY\r\nSUMMARY:injected',
    'FREQ=DAILY;X=a b',
  ])('refuses %j', (rule) => {
    expect(feedRepeatRule(rule)).toBeNull();
  });

  it('repeats a todo counted from its due date, not one counted from completion', () => {
    expect(todoRecurrence({ rule: 'FREQ=WEEKLY', from: 'due' })).toBe('FREQ=WEEKLY');
    expect(todoRecurrence({ rule: 'FREQ=WEEKLY', from: 'completion' })).toBeNull();
    expect(todoRecurrence(null)).toBeNull();
  });
});

describe('buildFeed', () => {
  it('times a todo with a due time and gives it an alarm per reminder (ADR 0030)', () => {
    const body = buildFeed({
      host: 'daywise.test',
      now: new Date('2026-11-21T09:00:00Z'),
      todos: [
        todo({
          due: { at: new Date('2026-11-25T13:30:00Z'), time: '14:30', timeZone: 'Europe/Paris' },
          alarms: [{ before: 10 }, { before: 1440 }, { at: new Date('2026-11-24T07:00:00Z') }],
        }),
        todo({
          id: 't2',
          title: 'Stand-up',
          dueDate: '2026-11-23',
          due: { at: new Date('2026-11-23T08:00:00Z'), time: '09:00', timeZone: 'Europe/Paris' },
          repeat: { rule: 'FREQ=WEEKLY', from: 'due' },
          alarms: [{ before: 0 }, { at: new Date('2026-11-23T07:00:00Z') }],
        }),
        todo({
          id: 't3',
          title: 'Someday soon',
          alarms: [{ at: new Date('2026-11-24T07:00:00Z') }],
        }),
      ],
      tasks: [],
    });
    expect(body).toContain('DTSTART:20261125T133000Z');
    expect(body).toContain('TRIGGER:-PT10M');
    expect(body).toContain('TRIGGER:-P1D');
    expect(body).toContain('TRIGGER;VALUE=DATE-TIME:20261124T070000Z');
    // A repeating one keeps its wall-clock time in its zone: 09:00 in Paris.
    expect(body).toContain('DTSTART;TZID=Europe/Paris:20261123T090000');
    expect(body).toContain('TRIGGER:PT0S');
    expect(body).toContain('TRIGGER:-PT1H');
    const events = ICAL.Component.fromString(body)
      .getAllSubcomponents('vevent')
      .map((component) => ({
        start: new ICAL.Event(component).startDate.toString(),
        alarms: component.getAllSubcomponents('valarm').length,
      }));
    expect(events).toEqual([
      { start: '2026-11-25T13:30:00Z', alarms: 3 },
      { start: '2026-11-23T09:00:00', alarms: 2 },
      { start: '2026-11-25', alarms: 1 },
    ]);
  });

  it('gives a repeating todo its RRULE on the due day, read back by ical.js', () => {
    const body = buildFeed({
      host: 'daywise.test',
      now: new Date('2026-11-21T09:00:00Z'),
      todos: [
        todo({ repeat: { rule: 'FREQ=MONTHLY;BYMONTHDAY=25', from: 'due' } }),
        todo({
          id: 't2',
          title: 'Water plants',
          repeat: { rule: 'FREQ=DAILY', from: 'completion' },
        }),
      ],
      tasks: [],
    });
    const calendar = ICAL.Component.fromString(body);
    const [rent, plants] = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    expect(rent?.isRecurring()).toBe(true);
    const next = rent?.iterator();
    expect([next?.next()?.toString(), next?.next()?.toString(), next?.next()?.toString()]).toEqual([
      '2026-11-25',
      '2026-12-25',
      '2027-01-25',
    ]);
    expect(plants?.isRecurring()).toBe(false);
    expect(body).toContain('DTSTAMP:20261121T090000Z');
  });

  it('keeps line breaks and commas in titles as text, not as new properties', () => {
    const body = buildFeed({
      host: 'daywise.test',
      now: new Date('2026-11-21T09:00:00Z'),
      todos: [todo({ title: 'Buy milk, eggs\r\nSUMMARY:evil', description: 'a;b' })],
      tasks: [],
    });
    const [event] = ICAL.Component.fromString(body)
      .getAllSubcomponents('vevent')
      .map((c) => new ICAL.Event(c));
    expect(event?.summary).toContain('Buy milk, eggs');
    expect(event?.summary).toContain('SUMMARY:evil');
    expect(event?.description).toBe('a;b');
  });
});

describe('feed tokens', () => {
  const key = Buffer.alloc(32, 7);
  it('differ by user and by version, and only the exact token matches', () => {
    const token = feedToken(key, 'user-1', 1);
    expect(isFeedToken(key, 'user-1', 1, token)).toBe(true);
    expect(isFeedToken(key, 'user-1', 2, token)).toBe(false);
    expect(isFeedToken(key, 'user-2', 1, token)).toBe(false);
    expect(isFeedToken(Buffer.alloc(32, 8), 'user-1', 1, token)).toBe(false);
    expect(isFeedToken(key, 'user-1', 1, token.slice(0, -1))).toBe(false);
  });
});
