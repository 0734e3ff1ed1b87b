import { describe, expect, it } from 'vitest';

import { tickTickRepeat, todoistRepeat } from './repeat';

describe('recurrence from other apps', () => {
  it.each([
    ['every day', 'FREQ=DAILY', 'due'],
    ['Daily', 'FREQ=DAILY', 'due'],
    ['every 3 days', 'FREQ=DAILY;INTERVAL=3', 'due'],
    ['every other week', 'FREQ=WEEKLY;INTERVAL=2', 'due'],
    ['every monday', 'FREQ=WEEKLY;BYDAY=MO', 'due'],
    ['every mon, fri at 9am', 'FREQ=WEEKLY;BYDAY=MO,FR', 'due'],
    ['every tuesday and thursday', 'FREQ=WEEKLY;BYDAY=TU,TH', 'due'],
    ['every weekday', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'due'],
    ['every month', 'FREQ=MONTHLY', 'due'],
    ['every 15th', 'FREQ=MONTHLY;BYMONTHDAY=15', 'due'],
    ['every year starting Jan 1', 'FREQ=YEARLY', 'due'],
    ['every! 2 weeks', 'FREQ=WEEKLY;INTERVAL=2', 'completion'],
    ['after 10 days', 'FREQ=DAILY;INTERVAL=10', 'completion'],
  ])('reads Todoist "%s"', (text, rule, from) => {
    expect(todoistRepeat(text)).toEqual({ rule, from });
  });

  it.each([
    'tomorrow',
    'every 3rd friday of the month',
    'every 0 days',
    'every 40th',
    'every blue moon',
  ])('says Todoist "%s" cannot be a repeat', (text) => {
    expect(todoistRepeat(text)).toBeNull();
  });

  it('reads TickTick rules, dropping DTSTART and its own parts', () => {
    expect(tickTickRepeat('RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE')).toEqual({
      rule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE',
      from: 'due',
    });
    expect(tickTickRepeat('INTERVAL=2;FREQ=daily;TT_SKIP=HOLIDAY', true)).toEqual({
      rule: 'FREQ=DAILY;INTERVAL=2',
      from: 'completion',
    });
    expect(tickTickRepeat('RRULE:FREQ=YEARLY;DTSTART=20260101;BYMONTH=3;BYMONTHDAY=1')).toEqual({
      rule: 'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1',
      from: 'due',
    });
  });

  it.each([
    'ERULE:NAME=CUSTOM;BYDATE=20261126,20261203',
    'RRULE:FREQ=HOURLY;INTERVAL=2',
    'RRULE:INTERVAL=2',
    'RRULE:FREQ=DAILY;X-EVIL=1',
    'RRULE:FREQ=DAILY;BYDAY=MO\r\nDTSTART:20260101',
    '',
  ])('says TickTick "%s" cannot be a repeat', (text) => {
    expect(tickTickRepeat(text)).toBeNull();
  });
});
