import { describe, expect, it } from 'vitest';

import { REPEAT_LIMITS } from './constants';
import {
  formatRepeatRule,
  parseRepeatRule,
  readRepeatRule,
  repeatText,
  UNKNOWN_REPEAT_TEXT,
} from './repeat-text';

describe('repeatText', () => {
  it.each([
    ['FREQ=DAILY', 'due', 'Every day'],
    ['FREQ=DAILY;INTERVAL=1', 'due', 'Every day'],
    ['FREQ=DAILY;INTERVAL=3', 'due', 'Every 3 days'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'due', 'Every weekday'],
    ['FREQ=WEEKLY;BYDAY=FR,TH,WE,TU,MO', 'due', 'Every weekday'],
    ['FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', 'due', 'Every weekday'],
    [
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR',
      'due',
      'Every 2 weeks on Mon, Tue, Wed, Thu, Fri',
    ],
    ['FREQ=WEEKLY', 'due', 'Every week'],
    ['FREQ=WEEKLY;BYDAY=MO', 'due', 'Every week on Mon'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH', 'due', 'Every 2 weeks on Mon, Thu'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TH,MO', 'due', 'Every 2 weeks on Mon, Thu'],
    ['FREQ=WEEKLY;BYDAY=SA,SU', 'due', 'Every week on Sat, Sun'],
    ['FREQ=DAILY;BYDAY=MO,TH', 'due', 'Every Mon, Thu'],
    ['FREQ=MONTHLY', 'due', 'Every month'],
    ['FREQ=MONTHLY;BYMONTHDAY=1', 'due', 'Every month on the 1st'],
    ['FREQ=MONTHLY;BYMONTHDAY=2', 'due', 'Every month on the 2nd'],
    ['FREQ=MONTHLY;BYMONTHDAY=3', 'due', 'Every month on the 3rd'],
    ['FREQ=MONTHLY;BYMONTHDAY=11', 'due', 'Every month on the 11th'],
    ['FREQ=MONTHLY;BYMONTHDAY=22', 'due', 'Every month on the 22nd'],
    ['FREQ=MONTHLY;BYMONTHDAY=31', 'due', 'Every month on the 31st'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', 'due', 'Every month on the last day'],
    ['FREQ=MONTHLY;BYMONTHDAY=-2', 'due', 'Every month on the 2nd to last day'],
    ['FREQ=MONTHLY;BYMONTHDAY=1,15', 'due', 'Every month on the 1st, 15th'],
    ['FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15', 'due', 'Every 3 months on the 15th'],
    ['FREQ=MONTHLY;BYDAY=1MO', 'due', 'Every month on the 1st Mon'],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'due', 'Every month on the last Fri'],
    ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', 'due', 'Every month on the last weekday'],
    ['FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1', 'due', 'Every month on the 1st of Sat, Sun'],
    ['FREQ=YEARLY', 'due', 'Every year'],
    ['FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=12', 'due', 'Every year on 12 Dec'],
    ['FREQ=YEARLY;INTERVAL=2;BYMONTH=2;BYMONTHDAY=29', 'due', 'Every 2 years on 29 Feb'],
    ['FREQ=YEARLY;BYMONTH=11;BYDAY=4TH', 'due', 'Every year on the 4th Thu of Nov'],
    ['FREQ=YEARLY;BYMONTH=1,7', 'due', 'Every year in Jan, Jul'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1', 'due', 'Every year on the last day of Feb'],
    ['FREQ=DAILY;INTERVAL=3', 'completion', '3 days after completion'],
    ['FREQ=DAILY', 'completion', '1 day after completion'],
    ['FREQ=WEEKLY;INTERVAL=2', 'completion', '2 weeks after completion'],
    ['FREQ=MONTHLY', 'completion', '1 month after completion'],
    ['FREQ=YEARLY;INTERVAL=5', 'completion', '5 years after completion'],
    ['FREQ=DAILY;COUNT=10', 'due', 'Every day, 10 times'],
    ['FREQ=DAILY;COUNT=1', 'due', 'Every day, once'],
    ['FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=20261231', 'due', 'Every week on Mon, Thu, until 31 Dec 2026'],
    [
      'FREQ=MONTHLY;BYMONTHDAY=-1;UNTIL=20270105',
      'due',
      'Every month on the last day, until 5 Jan 2027',
    ],
    ['FREQ=DAILY;COUNT=1000', 'due', 'Every day, 1000 times'],
    ['freq=daily;interval=2', 'due', 'Every 2 days'],
  ] as const)('%s from %s reads %j', (rule, from, text) => {
    expect(repeatText({ rule, from })).toBe(text);
  });

  it.each([
    '',
    'FREQ=HOURLY',
    'FREQ=DAILY;INTERVAL=0',
    'FREQ=DAILY;INTERVAL=two',
    'INTERVAL=2',
    'FREQ=DAILY;FREQ=WEEKLY',
    'FREQ=DAILY;BYHOUR=9',
    'FREQ=WEEKLY;BYDAY=XX',
    'FREQ=MONTHLY;BYMONTHDAY=0',
    'FREQ=MONTHLY;BYMONTHDAY=32',
    'FREQ=YEARLY;BYMONTH=13',
    'FREQ=DAILY;UNTIL=20260231',
    'FREQ=DAILY;COUNT=3;UNTIL=20261231',
    'FREQ=DAILY;COUNT',
    // What the API refuses, the words do not read either (one reader, readRepeatRule).
    'FREQ=DAILY;COUNT=1001',
    'FREQ=DAILY;INTERVAL=1000',
    'RRULE:FREQ=DAILY',
    'FREQ=MONTHLY;BYMONTHDAY=-1;UNTIL=20270105T000000Z',
    'FREQ=DAILY;UNTIL=99991231',
    'FREQ=WEEKLY;BYDAY=1MO',
    'FREQ=WEEKLY;BYMONTHDAY=1',
  ])('says only that %j repeats, as it cannot read it', (rule) => {
    expect(parseRepeatRule(rule)).toBeNull();
    expect(repeatText({ rule, from: 'due' })).toBe(UNKNOWN_REPEAT_TEXT);
  });
});

describe('readRepeatRule', () => {
  it('says what is wrong, in the words of the API’s 400', () => {
    expect(readRepeatRule('FREQ=DAILY;COUNT=1001', 'due')).toEqual({
      problem: 'COUNT must list whole numbers from 1 to 1000, not 0',
    });
    expect(readRepeatRule('FREQ=WEEKLY;BYDAY=MO', 'completion')).toEqual({
      problem: 'a repeat counted from completion takes only FREQ and INTERVAL',
    });
    expect(repeatText({ rule: 'FREQ=WEEKLY;BYDAY=MO', from: 'completion' })).toBe(
      UNKNOWN_REPEAT_TEXT,
    );
  });

  it(`takes COUNT up to REPEAT_LIMITS.countMax (${REPEAT_LIMITS.countMax})`, () => {
    expect(parseRepeatRule(`FREQ=DAILY;COUNT=${REPEAT_LIMITS.countMax}`)?.count).toBe(
      REPEAT_LIMITS.countMax,
    );
    expect(parseRepeatRule(`FREQ=DAILY;COUNT=${REPEAT_LIMITS.countMax + 1}`)).toBeNull();
  });
});

describe('formatRepeatRule', () => {
  it.each([
    'FREQ=DAILY',
    'FREQ=DAILY;INTERVAL=3;COUNT=10',
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH',
    'FREQ=MONTHLY;BYMONTHDAY=-1;UNTIL=20261231',
    'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=12',
    'FREQ=YEARLY;BYMONTH=11;BYDAY=4TH',
  ])('writes %s back as it was read', (rule) => {
    const parts = parseRepeatRule(rule);
    expect(parts).not.toBeNull();
    expect(formatRepeatRule(parts!)).toBe(rule);
  });
});
