import { repeatText } from '@daywise/shared';
import type { Repeat } from '@daywise/shared/schemas';
import { describe, expect, it } from 'vitest';

import {
  buildRepeat,
  choiceFromRepeat,
  type CustomRepeat,
  defaultCustom,
  presetLabels,
  type RepeatChoice,
} from './repeat-choice';

/** Thursday 12 November 2026. */
const DUE = '2026-11-12';

const custom = (fields: Partial<CustomRepeat>): RepeatChoice => ({
  preset: 'custom',
  custom: { ...defaultCustom(DUE), ...fields },
  kept: null,
});
const preset = (name: RepeatChoice['preset']): RepeatChoice => ({
  preset: name,
  custom: defaultCustom(DUE),
  kept: null,
});

describe('the Repeat field builds the rule the server stores', () => {
  it('names the presets after the due date', () => {
    expect(presetLabels(DUE, null)).toMatchObject({
      weekly: 'Every week on Thu',
      monthly: 'Every month on the 12th',
      yearly: 'Every year on 12 Nov',
    });
  });

  it.each<[string, RepeatChoice, Repeat | null, string | null]>([
    ['none', preset('none'), null, null],
    ['daily', preset('daily'), { rule: 'FREQ=DAILY', from: 'due' }, 'Every day'],
    [
      'weekdays',
      preset('weekdays'),
      { rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', from: 'due' },
      'Every weekday',
    ],
    [
      'weekly',
      preset('weekly'),
      { rule: 'FREQ=WEEKLY;BYDAY=TH', from: 'due' },
      'Every week on Thu',
    ],
    [
      'monthly',
      preset('monthly'),
      { rule: 'FREQ=MONTHLY;BYMONTHDAY=12', from: 'due' },
      'Every month on the 12th',
    ],
    [
      'yearly',
      preset('yearly'),
      { rule: 'FREQ=YEARLY;BYMONTH=11;BYMONTHDAY=12', from: 'due' },
      'Every year on 12 Nov',
    ],
    [
      'every 2 weeks on Mon, Thu',
      custom({ interval: '2', weekdays: ['TH', 'MO'] }),
      { rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH', from: 'due' },
      'Every 2 weeks on Mon, Thu',
    ],
    [
      'every 3 days',
      custom({ interval: '3', unit: 'DAILY' }),
      { rule: 'FREQ=DAILY;INTERVAL=3', from: 'due' },
      'Every 3 days',
    ],
    [
      'the last day of the month, 10 times',
      custom({ unit: 'MONTHLY', monthDay: 'last', ends: 'count', count: '10' }),
      { rule: 'FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=10', from: 'due' },
      'Every month on the last day, 10 times',
    ],
    [
      'every 2 months on the 1st until a date',
      custom({
        unit: 'MONTHLY',
        interval: '2',
        dayOfMonth: '1',
        ends: 'until',
        until: '2026-12-31',
      }),
      { rule: 'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=1;UNTIL=20261231', from: 'due' },
      'Every 2 months on the 1st, until 31 Dec 2026',
    ],
    [
      'every 2 years',
      custom({ unit: 'YEARLY', interval: '2' }),
      { rule: 'FREQ=YEARLY;INTERVAL=2;BYMONTH=11;BYMONTHDAY=12', from: 'due' },
      'Every 2 years on 12 Nov',
    ],
    [
      'every day, as many times as the API takes',
      custom({ unit: 'DAILY', ends: 'count', count: '1000' }),
      { rule: 'FREQ=DAILY;COUNT=1000', from: 'due' },
      'Every day, 1000 times',
    ],
    [
      '3 days after completion, 10 times',
      custom({ unit: 'DAILY', interval: '3', from: 'completion', ends: 'count' }),
      { rule: 'FREQ=DAILY;INTERVAL=3;COUNT=10', from: 'completion' },
      '3 days after completion, 10 times',
    ],
  ])('%s', (_name, choice, repeat, text) => {
    const built = buildRepeat(choice, DUE);
    expect(built).toEqual({ repeat });
    expect(built.repeat && repeatText(built.repeat)).toBe(text);
    // Read back for editing, it shows the same choices.
    const back = choiceFromRepeat(repeat, DUE);
    expect(buildRepeat(back, DUE)).toEqual({ repeat });
    expect(back.preset).toBe(choice.preset);
  });

  it.each<[string, Partial<CustomRepeat>, string]>([
    ['an interval of 0', { interval: '0' }, 'Please enter a whole number from 1 to 999'],
    ['an interval of 1.5', { interval: '1.5' }, 'Please enter a whole number from 1 to 999'],
    ['no weekday', { weekdays: [] }, 'Please choose at least one day of the week'],
    [
      'day 32',
      { unit: 'MONTHLY', dayOfMonth: '32' },
      'Please enter a day of the month from 1 to 31',
    ],
    ['0 times', { ends: 'count', count: '0' }, 'Please enter how many times, from 1 to 1000'],
    // The API's limit (REPEAT_LIMITS.countMax): what it refuses, the form refuses first.
    ['1001 times', { ends: 'count', count: '1001' }, 'Please enter how many times, from 1 to 1000'],
    ['an interval of 1000', { interval: '1000' }, 'Please enter a whole number from 1 to 999'],
    [
      'an end past the last day Daywise takes',
      { ends: 'until', until: '9999-12-31' },
      'Please choose an end date on or after the due date',
    ],
    [
      'an end before the due date',
      { ends: 'until', until: '2026-11-11' },
      'Please choose an end date on or after the due date',
    ],
    [
      'no end date',
      { ends: 'until', until: '' },
      'Please choose an end date on or after the due date',
    ],
  ])('refuses %s', (_name, fields, error) => {
    expect(buildRepeat(custom(fields), DUE)).toEqual({ error });
  });

  it('reads a preset rule back as Custom… once the due date moves off its day', () => {
    const back = choiceFromRepeat({ rule: 'FREQ=WEEKLY;BYDAY=TH', from: 'due' }, '2026-11-16');
    expect(back.preset).toBe('custom');
    expect(back.custom.weekdays).toEqual(['TH']);
  });

  it('keeps a rule its fields cannot show, saying it in words', () => {
    const repeat: Repeat = { rule: 'FREQ=MONTHLY;BYDAY=-1FR', from: 'due' };
    const back = choiceFromRepeat(repeat, DUE);
    expect(back.preset).toBe('kept');
    expect(presetLabels(DUE, back.kept).kept).toBe('Every month on the last Fri');
    expect(buildRepeat(back, DUE)).toEqual({ repeat });
  });
});
