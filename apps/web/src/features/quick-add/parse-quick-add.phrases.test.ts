import { repeatText, todayIn } from '@daywise/shared';
import { todoCreateSchema } from '@daywise/shared/schemas';
import { describe, expect, it } from 'vitest';

import { chipsOf, dueLabel, parseQuickAdd, timeLabel } from './parse-quick-add';
import { quickAddTodo } from './use-quick-add';

/**
 * Lines as people type them (issue 31), each read at a fixed "now" in a time zone, with the todo
 * it becomes and the chips the dialog shows (docs/product/todos.md, "Quick add").
 */

/** Monday 23 November 2026, 07:52 in London. */
const MON = '2026-11-23T07:52:00Z';
/** Friday 27 November 2026, 17:35 in London (09:35 in Los Angeles, Saturday 02:35 in Tokyo). */
const FRI = '2026-11-27T17:35:00Z';
const LONDON = 'Europe/London';

interface Row {
  now: string;
  zone: string;
  text: string;
  title: string;
  due: string | null;
  time: string | null;
  rule: string | null;
  chips: string[];
}

type Cells = [
  now: string,
  zone: string,
  text: string,
  title: string,
  due: string | null,
  time: string | null,
  rule: string | null,
  chips: string[],
];

const WEEKDAYS = 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';
const MWF = 'FREQ=WEEKLY;BYDAY=MO,WE,FR';

// prettier-ignore
const CELLS: Cells[] = [
  // Lists of weekdays, however they are joined.
  [MON, LONDON, 'gym every mon wed fri', 'gym', '2026-11-23', null, MWF, ['Every week on Mon, Wed, Fri', 'Due Mon 23 Nov']],
  [FRI, LONDON, 'gym every mon wed fri', 'gym', '2026-11-27', null, MWF, ['Every week on Mon, Wed, Fri', 'Due Fri 27 Nov']],
  [FRI, LONDON, 'gym every mon wed fri 7am', 'gym', '2026-11-30', '07:00', MWF, ['Every week on Mon, Wed, Fri', 'Due at 07:00, with a reminder', 'Due Mon 30 Nov']],
  [MON, LONDON, 'gym every mon, wed and fri', 'gym', '2026-11-23', null, MWF, ['Every week on Mon, Wed, Fri', 'Due Mon 23 Nov']],
  [FRI, LONDON, 'Gym every Mon, Wed, Fri at 6pm', 'Gym', '2026-11-27', '18:00', MWF, ['Every week on Mon, Wed, Fri', 'Due at 18:00, with a reminder', 'Due Fri 27 Nov']],
  [FRI, LONDON, 'Gym, every mon wed fri, 7am', 'Gym', '2026-11-30', '07:00', MWF, ['Every week on Mon, Wed, Fri', 'Due at 07:00, with a reminder', 'Due Mon 30 Nov']],
  [MON, LONDON, 'Swim every tue & thu', 'Swim', '2026-11-24', null, 'FREQ=WEEKLY;BYDAY=TU,TH', ['Every week on Tue, Thu', 'Due Tue 24 Nov']],
  [FRI, LONDON, 'Piano every tuesday and friday 5pm', 'Piano', '2026-12-01', '17:00', 'FREQ=WEEKLY;BYDAY=TU,FR', ['Every week on Tue, Fri', 'Due at 17:00, with a reminder', 'Due Tue 1 Dec']],
  [FRI, LONDON, 'Yoga weekly on tue, thu', 'Yoga', '2026-12-01', null, 'FREQ=WEEKLY;BYDAY=TU,TH', ['Every week on Tue, Thu', 'Due Tue 1 Dec']],
  [FRI, LONDON, 'Run every mon wed fri from dec 2', 'Run', '2026-12-02', null, MWF, ['Every week on Mon, Wed, Fri', 'Due Wed 2 Dec']],
  // A date said that the rule does not pick: the first day it picks from there, as saved.
  [MON, LONDON, 'Run every monday starting wed', 'Run', '2026-11-30', null, 'FREQ=WEEKLY;BYDAY=MO', ['Every week on Mon', 'Due Mon 30 Nov']],
  // Weekdays, and a time already past today (issue 31, item 17).
  [FRI, LONDON, 'Take out trash every weekday 7am', 'Take out trash', '2026-11-30', '07:00', WEEKDAYS, ['Every weekday', 'Due at 07:00, with a reminder', 'Due Mon 30 Nov']],
  [MON, LONDON, 'Take out trash every weekday 7am', 'Take out trash', '2026-11-24', '07:00', WEEKDAYS, ['Every weekday', 'Due at 07:00, with a reminder', 'Due Tue 24 Nov']],
  [MON, LONDON, 'Standup weekdays at 9', 'Standup', '2026-11-23', '09:00', WEEKDAYS, ['Every weekday', 'Due at 09:00, with a reminder', 'Due Mon 23 Nov']],
  [FRI, LONDON, 'weekdays at 7 run', 'run', '2026-11-30', '07:00', WEEKDAYS, ['Every weekday', 'Due at 07:00, with a reminder', 'Due Mon 30 Nov']],
  [FRI, LONDON, 'Read on weekdays', 'Read', '2026-11-27', null, WEEKDAYS, ['Every weekday', 'Due Fri 27 Nov']],
  [FRI, LONDON, 'every weekday', '', '2026-11-27', null, WEEKDAYS, ['Every weekday', 'Due Fri 27 Nov']],
  [FRI, LONDON, 'Clean every weekend', 'Clean', '2026-11-28', null, 'FREQ=WEEKLY;BYDAY=SA,SU', ['Every week on Sat, Sun', 'Due Sat 28 Nov']],
  // Every other, every n.
  [MON, LONDON, 'Review every other week', 'Review', '2026-11-23', null, 'FREQ=WEEKLY;INTERVAL=2', ['Every 2 weeks', 'Due Mon 23 Nov']],
  [MON, LONDON, 'Bins every other tuesday', 'Bins', '2026-11-24', null, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', ['Every 2 weeks on Tue', 'Due Tue 24 Nov']],
  [FRI, LONDON, 'Sync every 2 weeks on tue', 'Sync', '2026-12-01', null, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', ['Every 2 weeks on Tue', 'Due Tue 1 Dec']],
  [FRI, LONDON, 'Stretch every other day 6:30', 'Stretch', '2026-11-28', '06:30', 'FREQ=DAILY;INTERVAL=2', ['Every 2 days', 'Due at 06:30, with a reminder', 'Due Sat 28 Nov']],
  [FRI, LONDON, 'Water plants - every 3 days', 'Water plants', '2026-11-27', null, 'FREQ=DAILY;INTERVAL=3', ['Every 3 days', 'Due Fri 27 Nov']],
  [FRI, LONDON, 'Check smoke alarm every 6 months', 'Check smoke alarm', '2026-11-27', null, 'FREQ=MONTHLY;INTERVAL=6', ['Every 6 months', 'Due Fri 27 Nov']],
  [FRI, LONDON, 'Water every 2 days from tomorrow', 'Water', '2026-11-28', null, 'FREQ=DAILY;INTERVAL=2', ['Every 2 days', 'Due Sat 28 Nov']],
  [FRI, LONDON, 'Clean every 3 days after completion', 'Clean', '2026-11-27', null, 'FREQ=DAILY;INTERVAL=3', ['3 days after completion', 'Due Fri 27 Nov']],
  // A weekday of the month.
  [MON, LONDON, 'Book club every 2nd tuesday', 'Book club', '2026-12-08', null, 'FREQ=MONTHLY;BYDAY=2TU', ['Every month on the 2nd Tue', 'Due Tue 8 Dec']],
  [MON, LONDON, 'Payroll every last friday', 'Payroll', '2026-11-27', null, 'FREQ=MONTHLY;BYDAY=-1FR', ['Every month on the last Fri', 'Due Fri 27 Nov']],
  [FRI, LONDON, 'Payroll every last friday 9am', 'Payroll', '2026-12-25', '09:00', 'FREQ=MONTHLY;BYDAY=-1FR', ['Every month on the last Fri', 'Due at 09:00, with a reminder', 'Due Fri 25 Dec']],
  [FRI, LONDON, 'Board meeting on the first monday of every month', 'Board meeting', '2026-12-07', null, 'FREQ=MONTHLY;BYDAY=1MO', ['Every month on the 1st Mon', 'Due Mon 7 Dec']],
  [FRI, LONDON, 'Recycling every third wednesday of the month', 'Recycling', '2026-12-16', null, 'FREQ=MONTHLY;BYDAY=3WE', ['Every month on the 3rd Wed', 'Due Wed 16 Dec']],
  // A day of the month, the year.
  [FRI, LONDON, 'Rent every month on the 1st', 'Rent', '2026-12-01', null, 'FREQ=MONTHLY;BYMONTHDAY=1', ['Every month on the 1st', 'Due Tue 1 Dec']],
  [FRI, LONDON, 'Pay on the 31st of every month', 'Pay', '2026-12-31', null, 'FREQ=MONTHLY;BYMONTHDAY=31', ['Every month on the 31st', 'Due Thu 31 Dec']],
  [FRI, LONDON, 'Close books every last day of the month', 'Close books', '2026-11-30', null, 'FREQ=MONTHLY;BYMONTHDAY=-1', ['Every month on the last day', 'Due Mon 30 Nov']],
  [FRI, LONDON, 'Taxes every year', 'Taxes', '2026-11-27', null, 'FREQ=YEARLY', ['Every year', 'Due Fri 27 Nov']],
  [FRI, LONDON, 'Anniversary every year on 12 dec', 'Anniversary', '2026-12-12', null, 'FREQ=YEARLY', ['Every year', 'Due Sat 12 Dec']],
  // Every day.
  [FRI, LONDON, 'Vitamins daily', 'Vitamins', '2026-11-27', null, 'FREQ=DAILY', ['Every day', 'Due Fri 27 Nov']],
  [FRI, LONDON, 'Vitamins daily at 8am', 'Vitamins', '2026-11-28', '08:00', 'FREQ=DAILY', ['Every day', 'Due at 08:00, with a reminder', 'Due Sat 28 Nov']],
  [FRI, LONDON, 'Journal every day at 9pm', 'Journal', '2026-11-27', '21:00', 'FREQ=DAILY', ['Every day', 'Due at 21:00, with a reminder', 'Due Fri 27 Nov']],
  [FRI, 'America/Los_Angeles', 'Journal every day at 10am', 'Journal', '2026-11-27', '10:00', 'FREQ=DAILY', ['Every day', 'Due at 10:00, with a reminder', 'Due Fri 27 Nov']],
  [FRI, 'America/Los_Angeles', 'Journal every day at 9am', 'Journal', '2026-11-28', '09:00', 'FREQ=DAILY', ['Every day', 'Due at 09:00, with a reminder', 'Due Sat 28 Nov']],
  [FRI, 'Asia/Tokyo', 'Journal every day at 9am', 'Journal', '2026-11-28', '09:00', 'FREQ=DAILY', ['Every day', 'Due at 09:00, with a reminder', 'Due Sat 28 Nov']],
  [MON, 'America/Los_Angeles', 'Water plants every 3 days 8am', 'Water plants', '2026-11-23', '08:00', 'FREQ=DAILY;INTERVAL=3', ['Every 3 days', 'Due at 08:00, with a reminder', 'Due Mon 23 Nov']],
  [MON, 'Pacific/Auckland', 'Team sync every monday 10am', 'Team sync', '2026-11-30', '10:00', 'FREQ=WEEKLY;BYDAY=MO', ['Every week on Mon', 'Due at 10:00, with a reminder', 'Due Mon 30 Nov']],
  // Dates.
  [FRI, LONDON, 'Book flights in 3 days', 'Book flights', '2026-11-30', null, null, ['Due Mon 30 Nov']],
  [FRI, LONDON, 'Renew passport next month', 'Renew passport', '2026-12-27', null, null, ['Due Sun 27 Dec']],
  [FRI, LONDON, 'Plan next week', 'Plan', '2026-12-04', null, null, ['Due Fri 4 Dec']],
  [FRI, LONDON, 'Call mum tomorrow', 'Call mum', '2026-11-28', null, null, ['Due Sat 28 Nov']],
  [FRI, LONDON, 'Report due monday', 'Report', '2026-11-30', null, null, ['Due Mon 30 Nov']],
  [FRI, LONDON, 'Party on 12 dec', 'Party', '2026-12-12', null, null, ['Due Sat 12 Dec']],
  [FRI, LONDON, 'Trip 3 march', 'Trip', '2027-03-03', null, null, ['Due Wed 3 Mar 2027']],
  [FRI, LONDON, 'Dinner tonight', 'Dinner', '2026-11-27', null, null, ['Due Fri 27 Nov']],
  [FRI, LONDON, 'Send report eod', 'Send report', '2026-11-27', null, null, ['Due Fri 27 Nov']],
  // Times: with a date, bare next to one, alone (the next time it comes).
  [FRI, LONDON, 'Call mum tomorrow at 7', 'Call mum', '2026-11-28', '07:00', null, ['Due Sat 28 Nov', 'Due at 07:00, with a reminder']],
  [FRI, LONDON, 'Meeting tomorrow at 5', 'Meeting', '2026-11-28', '17:00', null, ['Due Sat 28 Nov', 'Due at 17:00, with a reminder']],
  [FRI, LONDON, 'Dinner tonight at 8', 'Dinner', '2026-11-27', '20:00', null, ['Due Fri 27 Nov', 'Due at 20:00, with a reminder']],
  [FRI, LONDON, 'Email boss at 7am', 'Email boss', '2026-11-28', '07:00', null, ['Due at 07:00, with a reminder', 'Due Sat 28 Nov']],
  [MON, LONDON, 'Email boss at 7am', 'Email boss', '2026-11-24', '07:00', null, ['Due at 07:00, with a reminder', 'Due Tue 24 Nov']],
  [MON, LONDON, 'Email boss 8am', 'Email boss', '2026-11-23', '08:00', null, ['Due at 08:00, with a reminder', 'Due Mon 23 Nov']],
  [FRI, LONDON, 'Call at 17:35', 'Call', '2026-11-28', '17:35', null, ['Due at 17:35, with a reminder', 'Due Sat 28 Nov']],
  [FRI, LONDON, 'Call dentist today 7am', 'Call dentist', '2026-11-27', '07:00', null, ['Due Fri 27 Nov', 'Due at 07:00, with a reminder']],
  // Priorities and @tags mixed in (a tag stays a word of the title).
  [FRI, LONDON, 'Send report by end of day !high', 'Send report', '2026-11-27', null, null, ['Due Fri 27 Nov', 'High priority']],
  [FRI, LONDON, 'Pay bills p1 every month on the 1st', 'Pay bills', '2026-12-01', null, 'FREQ=MONTHLY;BYMONTHDAY=1', ['High priority', 'Every month on the 1st', 'Due Tue 1 Dec']],
  [FRI, LONDON, 'Email @work report tomorrow p1', 'Email @work report', '2026-11-28', null, null, ['Due Sat 28 Nov', 'High priority']],
  [MON, LONDON, '@home fix sink !low fri', '@home fix sink', '2026-11-27', null, null, ['Low priority', 'Due Fri 27 Nov']],
  [MON, LONDON, 'Swim every mon, wed and fri !low @gym', 'Swim @gym', '2026-11-23', null, MWF, ['Every week on Mon, Wed, Fri', 'Low priority', 'Due Mon 23 Nov']],
  [FRI, LONDON, 'Fix bug !high', 'Fix bug', null, null, null, ['High priority']],
  // Words that are not dates.
  [FRI, LONDON, 'Ask May about march', 'Ask May about march', null, null, null, []],
  [FRI, LONDON, 'March on', 'March on', null, null, null, []],
  [FRI, LONDON, 'Buy the march issue of Wired', 'Buy the march issue of Wired', null, null, null, []],
  [FRI, LONDON, 'I may go to the gym', 'I may go to the gym', null, null, null, []],
  [FRI, LONDON, 'Meeting at 5', 'Meeting at 5', null, null, null, []],
  [FRI, LONDON, 'Mondays are hard', 'Mondays are hard', null, null, null, []],
  [FRI, LONDON, 'Monday meeting notes', 'Monday meeting notes', null, null, null, []],
  [FRI, LONDON, 'Buy money belt every mon', 'Buy money belt', '2026-11-30', null, 'FREQ=WEEKLY;BYDAY=MO', ['Every week on Mon', 'Due Mon 30 Nov']],
];

const ROWS: Row[] = CELLS.map(([now, zone, text, title, due, time, rule, chips]) => ({
  now,
  zone,
  text,
  title,
  due,
  time,
  rule,
  chips,
}));

function read(row: Row) {
  return parseQuickAdd(row.text, { now: new Date(row.now), timeZone: row.zone });
}

describe('quick add phrases', () => {
  it('has at least 60 phrases', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(ROWS)('$now $zone: $text', (row) => {
    const result = read(row);
    expect({
      title: result.title,
      due: result.dueDate,
      time: result.dueTime,
      rule: result.repeat?.rule ?? null,
      chips: chipsOf(result),
    }).toEqual({
      title: row.title,
      due: row.due,
      time: row.time,
      rule: row.rule,
      chips: row.chips,
    });
  });
});

describe('what quick add saves', () => {
  const PRIORITY_CHIPS = { high: 'High priority', medium: 'Medium priority', low: 'Low priority' };

  it.each(ROWS)('is what the chips of "$text" say', (row) => {
    const result = read(row);
    const todo = quickAddTodo(result);
    const today = todayIn(row.zone, new Date(row.now));

    // Each chip is one field of the create body, and each field said has its chip.
    const fromBody = [
      ...(todo.dueDate ? [dueLabel(todo.dueDate, today)] : []),
      // A time is the due time with a reminder at it: one chip says both (ADR 0030).
      ...(todo.dueTime && todo.reminders?.length === 1 ? [timeLabel(todo.dueTime)] : []),
      ...(todo.repeat ? [repeatText(todo.repeat)] : []),
      ...(result.priority ? [PRIORITY_CHIPS[todo.priority ?? 'medium']] : []),
    ];
    expect(chipsOf(result).toSorted()).toEqual(fromBody.toSorted());
    expect(todo.title).toBe(result.title);
    expect(todo.priority).toBe(result.priority ?? 'medium');
    if (todo.title !== '') {
      expect(todoCreateSchema.safeParse(todo).success).toBe(true);
    }
  });
});
