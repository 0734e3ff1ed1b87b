import { describe, expect, it } from 'vitest';

import {
  FILTER_LIMITS,
  filterDay,
  filterNames,
  type FilterNode,
  parseFilter,
  quoteFilterName,
} from './index';

const and = (...terms: FilterNode[]): FilterNode => ({ type: 'and', terms });
const or = (...terms: FilterNode[]): FilterNode => ({ type: 'or', terms });
const not = (term: FilterNode): FilterNode => ({ type: 'not', term });
const today: FilterNode = { type: 'today' };
const tomorrow: FilterNode = { type: 'tomorrow' };
const overdue: FilterNode = { type: 'overdue' };
const noDate: FilterNode = { type: 'noDate' };
const inbox: FilterNode = { type: 'inbox' };
const subtask: FilterNode = { type: 'subtask' };
const recurring: FilterNode = { type: 'recurring' };
const completed: FilterNode = { type: 'completed' };
const p = (priority: 'high' | 'medium' | 'low'): FilterNode => ({ type: 'priority', priority });
const list = (name: string, section: string | null = null): FilterNode => ({
  type: 'list',
  name,
  section,
});
const tag = (name: string): FilterNode => ({ type: 'tag', name });
const search = (text: string): FilterNode => ({ type: 'search', text });
const next = (days: number): FilterNode => ({ type: 'nextDays', days });
const before = (day: string): FilterNode => ({ type: 'dueBefore', date: { type: 'day', day } });
const after = (day: string): FilterNode => ({ type: 'dueAfter', date: { type: 'day', day } });
const beforeIn = (days: number): FilterNode => ({
  type: 'dueBefore',
  date: { type: 'relative', days },
});
const afterIn = (days: number): FilterNode => ({
  type: 'dueAfter',
  date: { type: 'relative', days },
});

const VALID: [string, FilterNode][] = [
  // Every term.
  ['today', today],
  ['tomorrow', tomorrow],
  ['overdue', overdue],
  ['no date', noDate],
  ['next 7 days', next(7)],
  ['next 1 day', next(1)],
  ['next 30 days', next(30)],
  ['next 3650 days', next(3650)],
  ['due before: 2026-12-31', before('2026-12-31')],
  ['due after: 2026-01-01', after('2026-01-01')],
  ['due after: +3d', afterIn(3)],
  ['due before: +2w', beforeIn(14)],
  ['due before: -1d', beforeIn(-1)],
  ['due after: -2w', afterIn(-14)],
  ['due before: today', beforeIn(0)],
  ['due after: tomorrow', afterIn(1)],
  ['due after: yesterday', afterIn(-1)],
  ['due before:2026-12-31', before('2026-12-31')],
  ['due before :  2026-12-31', before('2026-12-31')],
  ['due after: 2028-02-29', after('2028-02-29')],
  ['due after: 1900-01-01', after('1900-01-01')],
  ['due before: 9999-12-30', before('9999-12-30')],
  ['p1', p('high')],
  ['p2', p('medium')],
  ['p3', p('low')],
  ['#Work', list('Work')],
  ['#"Two words"', list('Two words')],
  ['#Work/Meetings', list('Work', 'Meetings')],
  ['#"Big project"/"Next steps"', list('Big project', 'Next steps')],
  ['#Work/"Next steps"', list('Work', 'Next steps')],
  ['#"Say \\"hi\\""', list('Say "hi"')],
  ['#"Back\\\\slash"', list('Back\\slash')],
  ['#Café', list('Café')],
  ['#a:b', list('a:b')],
  ['@waiting', tag('waiting')],
  ['@"deep work"', tag('deep work')],
  ['@a/b', tag('a/b')],
  ['inbox', inbox],
  ['subtask', subtask],
  ['recurring', recurring],
  ['completed', completed],
  ['search: invoice', search('invoice')],
  ['search: quarterly report  ', search('quarterly report')],
  ['search:email', search('email')],
  ['search: "a & b"', search('a & b')],
  ['search: wow!', search('wow!')],
  ['search: Ünïcode 😀', search('Ünïcode 😀')],
  // Case.
  ['TODAY', today],
  ['ToMoRrOw', tomorrow],
  ['No Date', noDate],
  ['NEXT 7 DAYS', next(7)],
  ['Due Before: +3D', beforeIn(3)],
  ['P1', p('high')],
  ['SEARCH: Mixed Case', search('Mixed Case')],
  ['#WORK', list('WORK')],
  // Operators and precedence: ! before & before |.
  ['today | overdue', or(today, overdue)],
  ['today & p1', and(today, p('high'))],
  ['!completed', not(completed)],
  ['!!completed', completed],
  ['!!!completed', not(completed)],
  ['today|overdue&p1', or(today, and(overdue, p('high')))],
  ['today & overdue | p1', or(and(today, overdue), p('high'))],
  ['!today & p1', and(not(today), p('high'))],
  ['!(today & p1)', not(and(today, p('high')))],
  ['!(!today)', today],
  [
    '(today | overdue) & #Work & !@waiting',
    and(or(today, overdue), list('Work'), not(tag('waiting'))),
  ],
  ['((today))', today],
  ['today | overdue | tomorrow', or(today, overdue, tomorrow)],
  ['today | (overdue | tomorrow)', or(today, overdue, tomorrow)],
  ['(p1 & today) & (p2 & tomorrow)', and(p('high'), today, p('medium'), tomorrow)],
  ['search: invoice & p1', and(search('invoice'), p('high'))],
  ['search: a | search: b', or(search('a'), search('b'))],
  ['(search: draft)', search('draft')],
  ['#Work&@home', and(list('Work'), tag('home'))],
  ['  today  ', today],
  ['\ttoday\n&\np1', and(today, p('high'))],
  ['no\tdate', noDate],
  ['inbox & !subtask & !recurring', and(inbox, not(subtask), not(recurring))],
  ['completed & due after: -7d', and(completed, afterIn(-7))],
];

const INVALID: [string, number, string][] = [
  ['', 0, 'The filter is empty at 0'],
  ['   ', 0, 'The filter is empty at 0'],
  ['today &', 7, "Expected a term after '&' at 7"],
  ['today & ', 8, "Expected a term after '&' at 8"],
  ['today | overdue & ', 18, "Expected a term after '&' at 18"],
  ['today |', 7, "Expected a term after '|' at 7"],
  ['!', 1, "Expected a term after '!' at 1"],
  ['today & !', 9, "Expected a term after '!' at 9"],
  ['& today', 0, "Expected a term before '&' at 0"],
  ['| today', 0, "Expected a term before '|' at 0"],
  ['today & & p1', 8, "Expected a term after '&' at 8"],
  ['today && p1', 7, "Expected a term after '&' at 7"],
  ['today || p1', 7, "Expected a term after '|' at 7"],
  ['()', 1, "Expected a term after '(' at 1"],
  ['(', 1, "Expected a term after '(' at 1"],
  ['(today', 6, "Expected ')' at 6"],
  ['((today)', 8, "Expected ')' at 8"],
  ['today)', 5, "Unexpected ')' at 5"],
  [')', 0, "Expected a term before ')' at 0"],
  ['(today) p1', 8, "Expected '&' or '|' before 'p1' at 8"],
  ['today overdue', 6, "Expected '&' or '|' before 'overdue' at 6"],
  ['(today overdue)', 7, "Expected '&', '|' or ')' before 'overdue' at 7"],
  ['today (p1)', 6, "Expected '&' or '|' before '(' at 6"],
  ['today #Work', 6, "Expected '&' or '|' before '#Work' at 6"],
  ['todya', 0, "Unknown term 'todya' at 0"],
  ['today & someday', 8, "Unknown term 'someday' at 8"],
  ['p4', 0, 'Priorities are p1 (high), p2 (medium) and p3 (low) at 0'],
  ['p0', 0, 'Priorities are p1 (high), p2 (medium) and p3 (low) at 0'],
  ['priority', 0, "Unknown term 'priority' at 0"],
  ['no', 2, "Expected 'date' after 'no' at 2"],
  ['no dates', 3, "Expected 'date' after 'no' at 3"],
  ['next', 4, "Expected a number of days after 'next' at 4"],
  ['next week', 5, "Expected a number of days after 'next' at 5"],
  ['next 7', 6, "Expected 'days' after 'next 7' at 6"],
  ['next 7 weeks', 7, "Expected 'days' after 'next 7' at 7"],
  ['next 0 days', 5, 'The number of days must be from 1 to 3650 at 5'],
  ['next 3651 days', 5, 'The number of days must be from 1 to 3650 at 5'],
  ['next 99999999999 days', 5, 'The number of days must be from 1 to 3650 at 5'],
  ['due', 3, "Expected 'before:' or 'after:' after 'due' at 3"],
  ['due on: today', 4, "Expected 'before:' or 'after:' after 'due' at 4"],
  ['due before', 10, "Expected ':' after 'due before' at 10"],
  ['due before 2026-12-31', 11, "Expected ':' after 'due before' at 11"],
  [
    'due before:',
    11,
    "Expected a date after 'due before:' (such as 2026-12-31, today, +3d or +2w) at 11",
  ],
  [
    'due after: & p1',
    11,
    "Expected a date after 'due after:' (such as 2026-12-31, today, +3d or +2w) at 11",
  ],
  ['due before: soon', 12, "'soon' is not a date (such as 2026-12-31, today, +3d or +2w) at 12"],
  [
    'due before: 2026-1-1',
    12,
    "'2026-1-1' is not a date (such as 2026-12-31, today, +3d or +2w) at 12",
  ],
  ['due before: 2026-02-30', 12, "'2026-02-30' is not a real date at 12"],
  ['due before: 2026-13-01', 12, "'2026-13-01' is not a real date at 12"],
  ['due before: 1899-12-31', 12, 'Dates must be from 1900-01-01 to 9999-12-30 at 12'],
  ['due after: 9999-12-31', 11, 'Dates must be from 1900-01-01 to 9999-12-30 at 11'],
  ['due after: +3', 11, "'+3' is not a date (such as 2026-12-31, today, +3d or +2w) at 11"],
  ['due after: +d', 11, "'+d' is not a date (such as 2026-12-31, today, +3d or +2w) at 11"],
  ['due after: 3d', 11, "'3d' is not a date (such as 2026-12-31, today, +3d or +2w) at 11"],
  ['due after: +3m', 11, "'+3m' is not a date (such as 2026-12-31, today, +3d or +2w) at 11"],
  ['due after: +36501d', 11, 'A date can be at most 36500 days (5214 weeks) from today at 11'],
  ['due after: +5215w', 11, 'A date can be at most 36500 days (5214 weeks) from today at 11'],
  ['due before: 2026-12-31 2027-01-01', 23, "Expected '&' or '|' before '2027-01-01' at 23"],
  ['#', 1, "Expected a list name after '#' at 1"],
  ['# Work', 1, "Expected a list name after '#' at 1"],
  ['#""', 1, "Expected a list name after '#' at 1"],
  ['#Work/', 6, "Expected a section name after '/' at 6"],
  ['#Work/ & p1', 6, "Expected a section name after '/' at 6"],
  ['#"Two words', 1, 'Unclosed quote at 1'],
  ['#Work/"Open', 6, 'Unclosed quote at 6'],
  ['@', 1, "Expected a tag name after '@' at 1"],
  ['today & @', 9, "Expected a tag name after '@' at 9"],
  ['@"  "', 1, "Expected a tag name after '@' at 1"],
  ['"Work"', 0, "Quoted text needs '#', '@' or 'search:' before it at 0"],
  ['today & "x"', 8, "Quoted text needs '#', '@' or 'search:' before it at 8"],
  [':', 0, "Unexpected ':' at 0"],
  ['today:', 5, "Expected '&' or '|' before ':' at 5"],
  ['search', 6, "Expected ':' after 'search' at 6"],
  ['search invoice', 7, "Expected ':' after 'search' at 7"],
  ['search:', 7, "Expected words to search for after 'search:' at 7"],
  ['search:   & p1', 10, "Expected words to search for after 'search:' at 10"],
  ['search: ""', 8, "Expected words to search for after 'search:' at 8"],
  ['search: "open', 8, 'Unclosed quote at 8'],
  ['search: a(b)', 9, "Expected '&' or '|' before '(' at 9"],
  [`search: ${'x'.repeat(201)}`, 8, 'Search words can be at most 200 characters at 8'],
  ['today & (p1 | (p2 & ', 20, "Expected a term after '&' at 20"],
  ['(today | overdue & (p1)', 23, "Expected ')' at 23"],
  [`${'('.repeat(51)}today${')'.repeat(51)}`, 50, 'Too many nested parentheses (at most 50) at 50'],
  ['x'.repeat(1001), 1000, 'A filter can be at most 1,000 characters at 1000'],
];

describe('parseFilter', () => {
  it('has a table of at least 80 queries', () => {
    expect(VALID.length + INVALID.length).toBeGreaterThanOrEqual(80);
  });

  it.each(VALID)('reads %j', (query, filter) => {
    expect(parseFilter(query)).toEqual({ ok: true, filter });
  });

  it.each(INVALID)('refuses %j at %i: %s', (query, position, message) => {
    expect(parseFilter(query)).toEqual({ ok: false, error: { position, message } });
  });

  it('takes 50 nested parentheses and a query of exactly 1,000 characters', () => {
    expect(parseFilter(`${'('.repeat(50)}today${')'.repeat(50)}`)).toEqual({
      ok: true,
      filter: today,
    });
    const long = Array.from({ length: 125 }, () => 'p1').join(' | ');
    const padded = long + ' '.repeat(FILTER_LIMITS.queryMax - long.length);
    expect(padded).toHaveLength(1000);
    expect(parseFilter(padded)).toMatchObject({ ok: true, filter: { type: 'or' } });
  });
});

describe('the helpers around a parsed query', () => {
  it('resolves relative days from the given today', () => {
    expect(filterDay({ type: 'relative', days: 3 }, '2026-12-30')).toBe('2027-01-02');
    expect(filterDay({ type: 'relative', days: -14 }, '2026-03-01')).toBe('2026-02-15');
    expect(filterDay({ type: 'day', day: '2026-05-05' }, '2026-12-30')).toBe('2026-05-05');
  });

  it('names each list and tag a query mentions once', () => {
    const parsed = parseFilter('(#Work | #"Two words"/Notes) & !@waiting & (#Work | @waiting)');
    expect(parsed.ok && filterNames(parsed.filter)).toEqual({
      lists: ['Work', 'Two words'],
      sections: [{ list: 'Two words', section: 'Notes' }],
      tags: ['waiting'],
    });
  });

  it.each([
    ['Work', 'Work'],
    ['Two words', '"Two words"'],
    ['a/b', '"a/b"'],
    ['Say "hi"', '"Say \\"hi\\""'],
    ['back\\slash', 'back\\slash'],
    ['x&y', '"x&y"'],
    ['(x)', '"(x)"'],
  ])('writes the name %j as %s, which reads back the same', (name, written) => {
    expect(quoteFilterName(name)).toBe(written);
    expect(parseFilter(`#${written}`)).toEqual({ ok: true, filter: list(name) });
    expect(parseFilter(`@${written}`)).toEqual({ ok: true, filter: tag(name) });
  });
});
