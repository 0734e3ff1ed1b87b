import { describe, expect, it } from 'vitest';

import { complete, readNamed, suggestionsFor, typingAt } from './named-parts';
import { parseQuickAdd } from './parse-quick-add';

const LISTS = [
  { id: 'work', name: 'Work' },
  { id: 'trip', name: 'Summer trip' },
  { id: 'monday', name: 'Monday' },
  { id: 'workshop', name: 'Workshop' },
];
const TAGS = [
  { id: 'errands', name: 'errands' },
  { id: 'deep', name: 'Deep work' },
];
const NOW = new Date('2026-11-23T07:52:00Z');

/** [what the user typed, the title, the list's id, the tags' ids, the chips] */
const TABLE: [string, string, string | null, string[], string[]][] = [
  ['Report #Work', 'Report', 'work', [], ['List: Work']],
  ['Report #work', 'Report', 'work', [], ['List: Work']],
  ['#WORK report', 'report', 'work', [], ['List: Work']],
  ['Plan #Workshop agenda', 'Plan agenda', 'workshop', [], ['List: Workshop']],
  ['Book flights #"Summer trip"', 'Book flights', 'trip', [], ['List: Summer trip']],
  [
    'Book flights #"summer TRIP" p1',
    'Book flights',
    'trip',
    [],
    ['List: Summer trip', 'High priority'],
  ],
  ['Book flights #Summer trip', 'Book flights', 'trip', [], ['List: Summer trip']],
  ['Report #Work, tomorrow', 'Report', 'work', [], ['List: Work', 'Due Tue 24 Nov']],
  // A list called Monday is the list, not a date.
  ['Standup #Monday', 'Standup', 'monday', [], ['List: Monday']],
  ['Standup #Monday monday', 'Standup', 'monday', [], ['List: Monday', 'Due Mon 23 Nov']],
  // A #word that names no list is no date either.
  ['Standup #tuesday', 'Standup #tuesday', null, [], []],
  // One list: the first said; the next stays in the title.
  ['Report #Work #Monday', 'Report #Monday', 'work', [], ['List: Work']],
  // Unknown names create nothing and stay as typed.
  ['Fix #nope', 'Fix #nope', null, [], []],
  ['Fix #"No such list"', 'Fix #"No such list"', null, [], []],
  ['Fix #"Summer trip', 'Fix #"Summer trip', null, [], []],
  ['Fix #Works', 'Fix #Works', null, [], []],
  ['Call mum@home', 'Call mum@home', null, [], []],
  ['Issue#Work', 'Issue#Work', null, [], []],
  ['Email @work report', 'Email @work report', null, [], []],
  // Tags: each known one once, any number of them.
  ['Buy milk @errands', 'Buy milk', null, ['errands'], ['Tag: errands']],
  ['Buy milk @Errands @errands', 'Buy milk @errands', null, ['errands'], ['Tag: errands']],
  [
    'Write @"deep work" @errands #Work !low',
    'Write',
    'work',
    ['deep', 'errands'],
    ['Tag: Deep work', 'Tag: errands', 'List: Work', 'Low priority'],
  ],
  ['Write @deep work', 'Write', null, ['deep'], ['Tag: Deep work']],
];

describe('quick add: #List and @tag', () => {
  it.each(TABLE)('%s', (text, title, listId, tagIds, chips) => {
    const parsed = parseQuickAdd(text, {
      now: NOW,
      timeZone: 'Europe/London',
      lists: LISTS,
      tags: TAGS,
    });
    expect({
      title: parsed.title,
      listId: parsed.listId,
      tagIds: parsed.tagIds,
      chips: parsed.parts.map((part) => part.label),
    }).toEqual({ title, listId, tagIds, chips });
  });

  it('reads nothing of the kind without lists or tags, and keeps a removed one in the title', () => {
    expect(parseQuickAdd('Report #Work', { now: NOW, timeZone: 'UTC' })).toMatchObject({
      title: 'Report #Work',
      listId: null,
      tagIds: [],
    });
    const off = [{ start: 7, text: '#Work' }];
    expect(
      parseQuickAdd('Report #Work', { now: NOW, timeZone: 'UTC', lists: LISTS, off }),
    ).toMatchObject({ title: 'Report #Work', listId: null, parts: [] });
  });

  it('marks where each name was said', () => {
    expect(readNamed('a #"Summer trip" @errands', LISTS, TAGS)).toEqual([
      { kind: 'list', start: 2, end: 16, text: '#"Summer trip"', id: 'trip', name: 'Summer trip' },
      { kind: 'tag', start: 17, end: 25, text: '@errands', id: 'errands', name: 'errands' },
    ]);
  });
});

describe('quick add suggestions', () => {
  /** [the line, where the caret is (its end when null), what is being typed] */
  const TYPING: [string, number | null, ReturnType<typeof typingAt>][] = [
    ['Buy #', null, { trigger: '#', start: 4, query: '' }],
    ['Buy #Wo', null, { trigger: '#', start: 4, query: 'Wo' }],
    ['Buy #"Summer t', null, { trigger: '#', start: 4, query: 'Summer t' }],
    ['Buy @err', null, { trigger: '@', start: 4, query: 'err' }],
    ['Buy #Wo tomorrow', 7, { trigger: '#', start: 4, query: 'Wo' }],
    ['Buy #Work tomorrow', null, null],
    ['Buy #"Summer trip" x', null, null],
    ['mail@ho', null, null],
    ['Buy milk', null, null],
  ];

  it.each(TYPING)('%s (caret %s)', (text, caret, expected) => {
    expect(typingAt(text, caret ?? text.length)).toEqual(expected);
  });

  it('offers the names that start with what is typed, then those holding it', () => {
    const typing = (query: string) => ({ trigger: '#' as const, start: 0, query });
    expect(suggestionsFor(typing('wo'), LISTS).map((list) => list.name)).toEqual([
      'Work',
      'Workshop',
    ]);
    expect(suggestionsFor(typing('trip'), LISTS).map((list) => list.name)).toEqual(['Summer trip']);
    expect(suggestionsFor(typing(''), LISTS)).toHaveLength(4);
    // A name typed whole is complete: Enter adds the todo.
    expect(suggestionsFor(typing('work'), LISTS)).toEqual([]);
    expect(suggestionsFor(typing('zzz'), LISTS)).toEqual([]);
  });

  it('writes the chosen name in place, quoted when it has a blank', () => {
    const text = 'Buy #su tomorrow';
    const typing = typingAt(text, 7);
    expect(typing).not.toBeNull();
    expect(complete(text, typing!, 7, 'Summer trip')).toEqual({
      text: 'Buy #"Summer trip" tomorrow',
      caret: 19,
    });
    expect(complete('Buy @er', typingAt('Buy @er', 7)!, 7, 'errands')).toEqual({
      text: 'Buy @errands ',
      caret: 13,
    });
  });
});
