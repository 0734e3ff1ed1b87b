import { describe, expect, it } from 'vitest';

import { parseQuickAdd, type QuickAdd, stillOff } from './parse-quick-add';

/** Monday 23 November 2026, 07:52 UTC: Sunday 23:52 in Los Angeles, Monday 20:52 in Auckland. */
const NOW = new Date('2026-11-23T07:52:00Z');

interface Expected {
  title: string;
  due?: string;
  time?: string;
  priority?: string;
  rule?: string;
  from?: 'completion';
}

function summary(result: QuickAdd): Expected {
  return {
    title: result.title,
    ...(result.dueDate ? { due: result.dueDate } : {}),
    ...(result.dueTime ? { time: result.dueTime } : {}),
    ...(result.priority ? { priority: result.priority } : {}),
    ...(result.repeat ? { rule: result.repeat.rule } : {}),
    ...(result.repeat?.from === 'completion' ? { from: 'completion' as const } : {}),
  };
}

/** [time zone, what the user typed, what the todo becomes] (docs/product/todos.md, Quick add). */
const TABLE: [string, string, Expected][] = [
  [
    'Europe/London',
    'Water plants every 3 days 8am',
    { title: 'Water plants', due: '2026-11-23', time: '08:00', rule: 'FREQ=DAILY;INTERVAL=3' },
  ],
  // 08:00 is past in Los Angeles' Sunday 23:52 and in Auckland's Monday 20:52: the next 08:00.
  [
    'America/Los_Angeles',
    'Water plants every 3 days 8am',
    { title: 'Water plants', due: '2026-11-23', time: '08:00', rule: 'FREQ=DAILY;INTERVAL=3' },
  ],
  [
    'Pacific/Auckland',
    'Water plants every 3 days 8am',
    { title: 'Water plants', due: '2026-11-24', time: '08:00', rule: 'FREQ=DAILY;INTERVAL=3' },
  ],
  [
    'Europe/London',
    'Pay rent on the 1st every month !high',
    { title: 'Pay rent', due: '2026-12-01', priority: 'high', rule: 'FREQ=MONTHLY;BYMONTHDAY=1' },
  ],
  [
    'Asia/Tokyo',
    'Pay rent on the 1st every month !high',
    { title: 'Pay rent', due: '2026-12-01', priority: 'high', rule: 'FREQ=MONTHLY;BYMONTHDAY=1' },
  ],
  [
    'Europe/London',
    'Call mum tomorrow 9am !high',
    { title: 'Call mum', due: '2026-11-24', time: '09:00', priority: 'high' },
  ],
  [
    'America/Los_Angeles',
    'Call mum tomorrow 9am !high',
    { title: 'Call mum', due: '2026-11-23', time: '09:00', priority: 'high' },
  ],
  [
    'Pacific/Auckland',
    'Call mum tomorrow 9am !high',
    { title: 'Call mum', due: '2026-11-24', time: '09:00', priority: 'high' },
  ],
  ['Europe/London', 'Submit report next fri', { title: 'Submit report', due: '2026-12-04' }],
  ['Europe/London', 'Submit report fri', { title: 'Submit report', due: '2026-11-27' }],
  ['Europe/London', 'Book flights in 3 days', { title: 'Book flights', due: '2026-11-26' }],
  ['Europe/London', 'Party on 12 dec', { title: 'Party', due: '2026-12-12' }],
  [
    'Europe/London',
    'Dentist on 3 jan at 2pm',
    { title: 'Dentist', due: '2027-01-03', time: '14:00' },
  ],
  ['Europe/London', 'Trip 12 dec 2027', { title: 'Trip', due: '2027-12-12' }],
  ['Europe/London', 'Email boss 8am', { title: 'Email boss', due: '2026-11-23', time: '08:00' }],
  ['Asia/Tokyo', 'Email boss 8am', { title: 'Email boss', due: '2026-11-24', time: '08:00' }],
  ['Europe/London', 'Report by friday', { title: 'Report', due: '2026-11-27' }],
  [
    'Europe/London',
    'Lunch at noon p2',
    { title: 'Lunch', due: '2026-11-23', time: '12:00', priority: 'medium' },
  ],
  ['Europe/London', 'Call at 17:30 tomorrow', { title: 'Call', due: '2026-11-24', time: '17:30' }],
  [
    'Europe/London',
    'Call plumber tue 3pm',
    { title: 'Call plumber', due: '2026-11-24', time: '15:00' },
  ],
  ['Europe/London', 'Buy gifts in 2 weeks', { title: 'Buy gifts', due: '2026-12-07' }],
  ['Europe/London', 'Take out bins today', { title: 'Take out bins', due: '2026-11-23' }],
  ['America/New_York', 'Take out bins today', { title: 'Take out bins', due: '2026-11-23' }],
  ['Europe/London', 'Visit gran this weekend', { title: 'Visit gran', due: '2026-11-28' }],
  ['Europe/London', 'tonight call dad', { title: 'call dad', due: '2026-11-23' }],
  ['Europe/London', 'Buy milk daily', { title: 'Buy milk', due: '2026-11-23', rule: 'FREQ=DAILY' }],
  ['Europe/London', 'Walk every day', { title: 'Walk', due: '2026-11-23', rule: 'FREQ=DAILY' }],
  [
    'Europe/London',
    'Stretch every other day',
    { title: 'Stretch', due: '2026-11-23', rule: 'FREQ=DAILY;INTERVAL=2' },
  ],
  [
    'Europe/London',
    'Standup every weekday 9:30',
    {
      title: 'Standup',
      due: '2026-11-23',
      time: '09:30',
      rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    },
  ],
  [
    'America/Los_Angeles',
    'Standup every weekday 9:30',
    {
      title: 'Standup',
      due: '2026-11-23',
      time: '09:30',
      rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    },
  ],
  [
    'Europe/London',
    'Standup every workday at 9am',
    {
      title: 'Standup',
      due: '2026-11-23',
      time: '09:00',
      rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    },
  ],
  [
    'Europe/London',
    'Review every 2 weeks',
    { title: 'Review', due: '2026-11-23', rule: 'FREQ=WEEKLY;INTERVAL=2' },
  ],
  [
    'Europe/London',
    'Review every 2 weeks on mon, thu',
    { title: 'Review', due: '2026-11-23', rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH' },
  ],
  [
    'Europe/London',
    'Laundry every week',
    { title: 'Laundry', due: '2026-11-23', rule: 'FREQ=WEEKLY' },
  ],
  ['Europe/London', 'Laundry weekly', { title: 'Laundry', due: '2026-11-23', rule: 'FREQ=WEEKLY' }],
  [
    'Europe/London',
    'Check accounts every month',
    { title: 'Check accounts', due: '2026-11-23', rule: 'FREQ=MONTHLY' },
  ],
  [
    'Europe/London',
    'Clean gutters every 6 months',
    { title: 'Clean gutters', due: '2026-11-23', rule: 'FREQ=MONTHLY;INTERVAL=6' },
  ],
  [
    'Europe/London',
    'Team sync every monday',
    { title: 'Team sync', due: '2026-11-23', rule: 'FREQ=WEEKLY;BYDAY=MO' },
  ],
  [
    'America/Los_Angeles',
    'Team sync every monday',
    { title: 'Team sync', due: '2026-11-23', rule: 'FREQ=WEEKLY;BYDAY=MO' },
  ],
  [
    'Europe/London',
    'Gym every mon and thu 7am',
    { title: 'Gym', due: '2026-11-26', time: '07:00', rule: 'FREQ=WEEKLY;BYDAY=MO,TH' },
  ],
  [
    'Europe/London',
    'Piano every tuesday and friday',
    { title: 'Piano', due: '2026-11-24', rule: 'FREQ=WEEKLY;BYDAY=TU,FR' },
  ],
  [
    'Europe/London',
    'Swim every mon, wed and fri !low',
    { title: 'Swim', due: '2026-11-23', priority: 'low', rule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR' },
  ],
  [
    'Europe/London',
    'Yoga weekly on tue, thu',
    { title: 'Yoga', due: '2026-11-24', rule: 'FREQ=WEEKLY;BYDAY=TU,TH' },
  ],
  [
    'Europe/London',
    'Market every saturday',
    { title: 'Market', due: '2026-11-28', rule: 'FREQ=WEEKLY;BYDAY=SA' },
  ],
  [
    'Europe/London',
    'Rent every month on the 1st',
    { title: 'Rent', due: '2026-12-01', rule: 'FREQ=MONTHLY;BYMONTHDAY=1' },
  ],
  [
    'Europe/London',
    'Pay every 1st',
    { title: 'Pay', due: '2026-12-01', rule: 'FREQ=MONTHLY;BYMONTHDAY=1' },
  ],
  [
    'Europe/London',
    'Pay on the 31st of every month',
    { title: 'Pay', due: '2026-12-31', rule: 'FREQ=MONTHLY;BYMONTHDAY=31' },
  ],
  [
    'Europe/London',
    'Plan every 2 months on the 15th',
    { title: 'Plan', due: '2026-12-15', rule: 'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15' },
  ],
  [
    'Europe/London',
    'Pay card every last day of the month',
    { title: 'Pay card', due: '2026-11-30', rule: 'FREQ=MONTHLY;BYMONTHDAY=-1' },
  ],
  [
    'Europe/London',
    'Close books on the last day of every month',
    { title: 'Close books', due: '2026-11-30', rule: 'FREQ=MONTHLY;BYMONTHDAY=-1' },
  ],
  ['Europe/London', 'Taxes every year', { title: 'Taxes', due: '2026-11-23', rule: 'FREQ=YEARLY' }],
  [
    'Europe/London',
    'Birthday 12 dec every year',
    { title: 'Birthday', due: '2026-12-12', rule: 'FREQ=YEARLY' },
  ],
  [
    'Europe/London',
    'Clean every 3 days after completion',
    { title: 'Clean', due: '2026-11-23', rule: 'FREQ=DAILY;INTERVAL=3', from: 'completion' },
  ],
  [
    'Europe/London',
    'Ship it every! 3 days',
    { title: 'Ship it', due: '2026-11-23', rule: 'FREQ=DAILY;INTERVAL=3', from: 'completion' },
  ],
  [
    'Europe/London',
    'Thing every weekend',
    { title: 'Thing', due: '2026-11-28', rule: 'FREQ=WEEKLY;BYDAY=SA,SU' },
  ],
  [
    'Europe/London',
    'Water every 2 days from tomorrow',
    { title: 'Water', due: '2026-11-24', rule: 'FREQ=DAILY;INTERVAL=2' },
  ],
  ['Europe/London', 'Fix bug !high', { title: 'Fix bug', priority: 'high' }],
  ['Europe/London', 'Fix bug !medium', { title: 'Fix bug', priority: 'medium' }],
  ['Europe/London', 'Fix bug !low', { title: 'Fix bug', priority: 'low' }],
  ['Europe/London', 'Fix bug p1', { title: 'Fix bug', priority: 'high' }],
  ['Europe/London', 'Fix bug P2', { title: 'Fix bug', priority: 'medium' }],
  ['Europe/London', 'Fix bug p3', { title: 'Fix bug', priority: 'low' }],
  ['Europe/London', 'Call mum p1 !low', { title: 'Call mum p1', priority: 'low' }],
  ['Europe/London', 'Hello!high', { title: 'Hello!high' }],
  ['Europe/London', 'Read 1984 p3', { title: 'Read 1984', priority: 'low' }],
  ['Europe/London', 'Monday meeting notes', { title: 'Monday meeting notes' }],
  ['Europe/London', 'Mondays are hard', { title: 'Mondays are hard' }],
  ['Europe/London', 'Sunday roast on sunday', { title: 'Sunday roast', due: '2026-11-29' }],
  ['Europe/London', 'Meeting at 5', { title: 'Meeting at 5' }],
  ['Europe/London', 'I may go to the gym', { title: 'I may go to the gym' }],
  ['Europe/London', 'Buy 2 apples', { title: 'Buy 2 apples' }],
  ['Europe/London', 'Plan the week', { title: 'Plan the week' }],
  ['Europe/London', 'Plan next week', { title: 'Plan', due: '2026-11-30' }],
  ['Europe/London', '', { title: '' }],
  ['Europe/London', '   ', { title: '' }],
  ['Europe/London', '!high', { title: '', priority: 'high' }],
  ['Europe/London', 'tomorrow', { title: '', due: '2026-11-24' }],
  ['Europe/London', 'every day', { title: '', due: '2026-11-23', rule: 'FREQ=DAILY' }],
];

describe('parseQuickAdd table', () => {
  it.each(TABLE)('%s: %j', (timeZone, text, expected) => {
    expect(summary(parseQuickAdd(text, { now: NOW, timeZone }))).toEqual(expected);
  });

  it('has at least 60 phrases', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(60);
  });
});

describe('parseQuickAdd parts', () => {
  it('marks each understood piece where it is typed, with its chip label', () => {
    const text = 'Water plants every 3 days 8am';
    const { parts } = parseQuickAdd(text, { now: NOW, timeZone: 'Europe/London' });
    expect(parts).toEqual([
      { kind: 'repeat', start: 13, end: 25, text: 'every 3 days', label: 'Every 3 days' },
      { kind: 'time', start: 26, end: 29, text: '8am', label: 'Due at 08:00, with a reminder' },
    ]);
    for (const part of parts) {
      expect(text.slice(part.start, part.end)).toBe(part.text);
    }
  });

  it('splits a date and a time said together into two parts', () => {
    const result = parseQuickAdd('Call mum tomorrow 9am !high', {
      now: NOW,
      timeZone: 'Europe/London',
    });
    expect(result.parts.map(({ kind, text, label }) => [kind, text, label])).toEqual([
      ['date', 'tomorrow', 'Due Tue 24 Nov'],
      ['time', '9am', 'Due at 09:00, with a reminder'],
      ['priority', '!high', 'High priority'],
    ]);
  });

  it('labels repeats in words', () => {
    const labels = [
      'every weekday',
      'every 2 weeks on mon, thu',
      'on the 1st every month',
      'every last day of the month',
      'every year',
      'every day',
    ].map((text) => parseQuickAdd(`x ${text}`, { now: NOW, timeZone: 'UTC' }).parts[0]?.label);
    expect(labels).toEqual([
      'Every weekday',
      'Every 2 weeks on Mon, Thu',
      'Every month on the 1st',
      'Every month on the last day',
      'Every year',
      'Every day',
    ]);
  });

  it('says the year of a date in another year', () => {
    const { parts } = parseQuickAdd('Trip 12 dec 2027', { now: NOW, timeZone: 'UTC' });
    expect(parts[0]?.label).toBe('Due Sun 12 Dec 2027');
  });
});

describe('parseQuickAdd with parts switched off', () => {
  const context = { now: NOW, timeZone: 'Europe/London' };

  it('keeps an undone date in the title and still reads the time', () => {
    const result = parseQuickAdd('Call mum tomorrow 9am !high', {
      ...context,
      off: [{ start: 9, text: 'tomorrow' }],
    });
    expect(summary(result)).toEqual({
      title: 'Call mum tomorrow',
      due: '2026-11-23',
      time: '09:00',
      priority: 'high',
    });
    expect(result.parts.map((part) => part.kind)).toEqual(['time', 'priority']);
  });

  it('keeps an undone repeat in the title', () => {
    const result = parseQuickAdd('Water plants every 3 days 8am', {
      ...context,
      off: [{ start: 13, text: 'every 3 days' }],
    });
    expect(summary(result)).toEqual({
      title: 'Water plants every 3 days',
      due: '2026-11-23',
      time: '08:00',
    });
  });

  it('keeps an undone priority in the title', () => {
    const result = parseQuickAdd('Pay rent on the 1st every month !high', {
      ...context,
      off: [{ start: 32, text: '!high' }],
    });
    expect(summary(result)).toEqual({
      title: 'Pay rent !high',
      due: '2026-12-01',
      rule: 'FREQ=MONTHLY;BYMONTHDAY=1',
    });
  });

  it('forgets an undo once its words are edited away', () => {
    const off = [{ start: 9, text: 'tomorrow' }];
    expect(stillOff('Call mum tomorrow 9am', off)).toEqual(off);
    expect(stillOff('Call mum tomorow 9am', off)).toEqual([]);
    expect(stillOff('Call my mum tomorrow 9am', off)).toEqual([]);
  });
});
