import {
  formatRepeatRule,
  isCalendarDay,
  MESSAGES,
  ordinal,
  parseRepeatRule,
  plainRepeatRule,
  REPEAT_LIMITS,
  type RepeatFreq,
  type RepeatRuleParts,
  repeatText,
  WEEKDAY_CODES,
  WEEKDAY_SHORT,
  type WeekdayCode,
} from '@daywise/shared';
import type { Repeat, RepeatFrom } from '@daywise/shared/schemas';

/**
 * The todo dialog's Repeat field (docs/product/todos.md, "Repeating todos and habits"): the
 * choices a person makes, turned into the RRULE the server stores and read back from it to edit.
 */
export const REPEAT_PRESETS = [
  'none',
  'daily',
  'weekdays',
  'weekly',
  'monthly',
  'yearly',
  'custom',
  'kept',
] as const;
export type RepeatPreset = (typeof REPEAT_PRESETS)[number];

export type RepeatEnds = 'never' | 'count' | 'until';

/** Custom…: the form's own values, as typed (numbers stay text until they are checked). */
export interface CustomRepeat {
  interval: string;
  unit: RepeatFreq;
  /** The days of a weekly repeat. */
  weekdays: WeekdayCode[];
  /** A monthly repeat: on day `dayOfMonth`, or on the last day. */
  monthDay: 'day' | 'last';
  dayOfMonth: string;
  from: RepeatFrom;
  ends: RepeatEnds;
  count: string;
  /** YYYY-MM-DD */
  until: string;
}

export interface RepeatChoice {
  preset: RepeatPreset;
  custom: CustomRepeat;
  /** A rule the editor cannot show in its fields (from elsewhere): kept as it is unless changed. */
  kept: Repeat | null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const calendar = (date: string) => new Date(`${date}T00:00:00Z`);

/** The weekday of a YYYY-MM-DD date. */
export function weekdayOf(date: string): WeekdayCode {
  // getUTCDay: 0 is Sunday; the codes start on Monday.
  return WEEKDAY_CODES[(calendar(date).getUTCDay() + 6) % 7]!;
}

const dayOf = (date: string) => calendar(date).getUTCDate();
const monthOf = (date: string) => calendar(date).getUTCMonth() + 1;

/** Custom…'s starting values: every 1 week on the due date's weekday, from the due date. */
export function defaultCustom(dueDate: string): CustomRepeat {
  return {
    interval: '1',
    unit: 'WEEKLY',
    weekdays: [weekdayOf(dueDate)],
    monthDay: 'day',
    dayOfMonth: String(dayOf(dueDate)),
    from: 'due',
    ends: 'never',
    count: '10',
    until: '',
  };
}

/** What the Repeat menu offers, the weekly, monthly and yearly ones named after the due date. */
export function presetLabels(dueDate: string, kept: Repeat | null): Record<RepeatPreset, string> {
  return {
    none: 'Does not repeat',
    daily: 'Every day',
    weekdays: 'Every weekday',
    weekly: `Every week on ${WEEKDAY_SHORT[weekdayOf(dueDate)]}`,
    monthly: `Every month on the ${ordinal(dayOf(dueDate))}`,
    yearly: `Every year on ${dayOf(dueDate)} ${MONTHS[monthOf(dueDate) - 1]}`,
    custom: 'Custom…',
    kept: kept ? repeatText(kept) : '',
  };
}

const days = (codes: readonly WeekdayCode[]) =>
  WEEKDAY_CODES.filter((code) => codes.includes(code)).map((day) => ({ day, ordinal: null }));

const WORKING_DAYS: WeekdayCode[] = ['MO', 'TU', 'WE', 'TH', 'FR'];

function whole(text: string, max: number): number | null {
  const value = Number(text.trim());
  return /^\d+$/.test(text.trim()) && value >= 1 && value <= max ? value : null;
}

export type BuiltRepeat =
  { repeat: Repeat | null; error?: never } | { repeat?: never; error: string };

function buildCustom(custom: CustomRepeat, dueDate: string): BuiltRepeat {
  const interval = whole(custom.interval, REPEAT_LIMITS.intervalMax);
  if (interval === null) {
    return { error: MESSAGES.repeatIntervalInvalid };
  }
  const parts = plainRepeatRule(custom.unit, interval);
  // Counted from the day it is done: only how often and the end, as the server accepts.
  const onDays = custom.from === 'due' ? custom.unit : 'DAILY';
  switch (onDays) {
    case 'WEEKLY':
      if (custom.weekdays.length === 0) {
        return { error: MESSAGES.repeatWeekdaysMissing };
      }
      parts.byDay = days(custom.weekdays);
      break;
    case 'MONTHLY': {
      if (custom.monthDay === 'last') {
        parts.byMonthDay = [-1];
      } else {
        const day = whole(custom.dayOfMonth, 31);
        if (day === null) {
          return { error: MESSAGES.repeatMonthDayInvalid };
        }
        parts.byMonthDay = [day];
      }
      break;
    }
    case 'YEARLY':
      parts.byMonth = [monthOf(dueDate)];
      parts.byMonthDay = [dayOf(dueDate)];
      break;
    case 'DAILY':
      break;
  }
  if (custom.ends === 'count') {
    const count = whole(custom.count, REPEAT_LIMITS.countMax);
    if (count === null) {
      return { error: MESSAGES.repeatCountInvalid };
    }
    parts.count = count;
  } else if (custom.ends === 'until') {
    if (!isCalendarDay(custom.until) || custom.until < dueDate) {
      return { error: MESSAGES.repeatUntilInvalid };
    }
    parts.until = custom.until;
  }
  return { repeat: { rule: formatRepeatRule(parts), from: custom.from } };
}

/** The repeat to save for a choice, its series starting on `dueDate`; or what is wrong with it. */
export function buildRepeat(choice: RepeatChoice, dueDate: string): BuiltRepeat {
  const due = (parts: RepeatRuleParts): BuiltRepeat => ({
    repeat: { rule: formatRepeatRule(parts), from: 'due' },
  });
  switch (choice.preset) {
    case 'none':
      return { repeat: null };
    case 'daily':
      return due(plainRepeatRule('DAILY'));
    case 'weekdays':
      return due({ ...plainRepeatRule('WEEKLY'), byDay: days(WORKING_DAYS) });
    case 'weekly':
      return due({ ...plainRepeatRule('WEEKLY'), byDay: days([weekdayOf(dueDate)]) });
    case 'monthly':
      return due({ ...plainRepeatRule('MONTHLY'), byMonthDay: [dayOf(dueDate)] });
    case 'yearly':
      return due({
        ...plainRepeatRule('YEARLY'),
        byMonth: [monthOf(dueDate)],
        byMonthDay: [dayOf(dueDate)],
      });
    case 'custom':
      return buildCustom(choice.custom, dueDate);
    case 'kept':
      return { repeat: choice.kept };
  }
}

const same = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** The fields of Custom… that show `parts`, or null when they cannot. */
function customOf(parts: RepeatRuleParts, from: RepeatFrom, dueDate: string): CustomRepeat | null {
  const custom: CustomRepeat = {
    ...defaultCustom(dueDate),
    interval: String(parts.interval),
    unit: parts.freq,
    from,
  };
  const { byDay, byMonthDay, byMonth, bySetPos } = parts;
  if (bySetPos.length > 0 || byDay.some((day) => day.ordinal !== null)) {
    return null;
  }
  if (from === 'completion') {
    if (byDay.length + byMonthDay.length + byMonth.length > 0) {
      return null;
    }
  }
  switch (from === 'due' ? parts.freq : 'DAILY') {
    case 'DAILY':
      if (byDay.length + byMonthDay.length + byMonth.length > 0) {
        return null;
      }
      break;
    case 'WEEKLY':
      if (byMonthDay.length + byMonth.length > 0) {
        return null;
      }
      if (byDay.length > 0) {
        custom.weekdays = WEEKDAY_CODES.filter((code) => byDay.some((day) => day.day === code));
      }
      break;
    case 'MONTHLY': {
      const [day] = byMonthDay;
      if (byDay.length + byMonth.length > 0 || byMonthDay.length > 1) {
        return null;
      }
      if (day === -1) {
        custom.monthDay = 'last';
      } else if (day !== undefined && day > 0) {
        custom.dayOfMonth = String(day);
      } else if (day !== undefined) {
        return null;
      }
      break;
    }
    case 'YEARLY': {
      const onDue = same(byMonth, [monthOf(dueDate)]) && same(byMonthDay, [dayOf(dueDate)]);
      if (byDay.length > 0 || !(onDue || byMonth.length + byMonthDay.length === 0)) {
        return null;
      }
      break;
    }
  }
  if (parts.count !== null) {
    custom.ends = 'count';
    custom.count = String(parts.count);
  } else if (parts.until !== null) {
    custom.ends = 'until';
    custom.until = parts.until;
  }
  return custom;
}

/** The editor's choice for a saved repeat: a preset when one builds the same rule, or Custom…. */
export function choiceFromRepeat(repeat: Repeat | null, dueDate: string): RepeatChoice {
  const blank: RepeatChoice = { preset: 'none', custom: defaultCustom(dueDate), kept: null };
  if (!repeat) {
    return blank;
  }
  const parts = parseRepeatRule(repeat.rule, repeat.from);
  if (parts) {
    const rule = formatRepeatRule(parts);
    if (repeat.from === 'due') {
      for (const preset of ['daily', 'weekdays', 'weekly', 'monthly', 'yearly'] as const) {
        const built = buildRepeat({ ...blank, preset }, dueDate);
        if (built.repeat?.rule === rule) {
          return { ...blank, preset };
        }
      }
    }
    const custom = customOf(parts, repeat.from, dueDate);
    if (custom) {
      return { ...blank, preset: 'custom', custom };
    }
  }
  return { ...blank, preset: 'kept', kept: repeat };
}

/**
 * The choice once the Repeat menu says `preset`. Custom… starts from the rule chosen so far (a
 * todo's 'Every month on the 1st' opens as every 1 month on day 1), not from a weekly default;
 * a rule its fields cannot show keeps the fields as they were.
 */
export function withPreset(
  choice: RepeatChoice,
  preset: RepeatPreset,
  dueDate: string,
): RepeatChoice {
  if (preset !== 'custom' || choice.preset === 'custom') {
    return { ...choice, preset };
  }
  const current = buildRepeat(choice, dueDate).repeat;
  const parts = current ? parseRepeatRule(current.rule, current.from) : null;
  const custom = parts && current ? customOf(parts, current.from, dueDate) : null;
  return { ...choice, preset, custom: custom ?? choice.custom };
}
