import { describe, expect, it } from 'vitest';

import { filterSuggestions } from './index';

const vocabulary = {
  lists: ['Work', 'Two words', 'Writing', 'Home'],
  tags: ['waiting', 'Deep work', 'weekend'],
};

/** The suggestions at the end of `query`, or at the `|` marked in it. */
function at(marked: string, limit?: number) {
  const cursor = marked.includes('‸') ? marked.indexOf('‸') : marked.length;
  const query = marked.replace('‸', '');
  return filterSuggestions(query, cursor, vocabulary, limit);
}

const labels = (marked: string) => at(marked).items.map((item) => item.label);

describe('filterSuggestions', () => {
  it('offers the keywords for an empty query, at most `limit`', () => {
    expect(at('')).toMatchObject({ from: 0, to: 0 });
    expect(labels('')).toEqual([
      'today',
      'overdue',
      'tomorrow',
      'next 7 days',
      'no date',
      'due before:',
      'due after:',
      'p1',
      'p2',
      'p3',
    ]);
    expect(at('', 3).items).toHaveLength(3);
    expect(at('', 100).items.map((item) => item.label)).toContain('search:');
  });

  it('completes the keyword being typed, in any case, with what to insert', () => {
    expect(at('to')).toEqual({
      from: 0,
      to: 2,
      items: [
        { label: 'today', insert: 'today', kind: 'keyword', detail: 'Due today' },
        { label: 'tomorrow', insert: 'tomorrow', kind: 'keyword', detail: 'Due tomorrow' },
      ],
    });
    expect(labels('TO')).toEqual(['today', 'tomorrow']);
    expect(labels('due')).toEqual(['due before:', 'due after:']);
    expect(labels('due a')).toEqual(['due after:']);
    expect(at('due a').items[0]?.insert).toBe('due after: ');
    expect(labels('n')).toEqual(['next 7 days', 'no date']);
    expect(labels('se')).toEqual(['search:']);
    expect(labels('xyz')).toEqual([]);
  });

  it('completes next N days with the number typed', () => {
    expect(labels('next 14')).toEqual(['next 14 days']);
    expect(labels('next 14 da')).toEqual(['next 14 days']);
    expect(labels('next 7')).toEqual(['next 7 days']);
  });

  it('completes the term after an operator, replacing only it', () => {
    expect(at('today | ov')).toMatchObject({ from: 8, to: 10, items: [{ label: 'overdue' }] });
    expect(at('(today & !p')).toMatchObject({ from: 10, to: 11 });
    expect(labels('(today & !p')).toEqual(['p1', 'p2', 'p3']);
    expect(labels('today &')).toHaveLength(10);
  });

  it("offers the user's lists after # and tags after @, ignoring case, quoted where needed", () => {
    expect(at('today & #w')).toEqual({
      from: 8,
      to: 10,
      items: [
        { label: '#Work', insert: '#Work', kind: 'list' },
        { label: '#Writing', insert: '#Writing', kind: 'list' },
      ],
    });
    expect(at('#t').items).toEqual([{ label: '#Two words', insert: '#"Two words"', kind: 'list' }]);
    expect(labels('#"two w')).toEqual(['#Two words']);
    expect(labels('#')).toEqual(['#Work', '#Two words', '#Writing', '#Home']);
    expect(labels('@W')).toEqual(['@waiting', '@weekend']);
    expect(at('@d').items).toEqual([{ label: '@Deep work', insert: '@"Deep work"', kind: 'tag' }]);
    expect(labels('#Nope')).toEqual([]);
    expect(labels('#Work/')).toEqual([]);
  });

  it('replaces the whole name when the cursor is inside it', () => {
    expect(at('#Wo‸rk & p1')).toMatchObject({ from: 0, to: 5, items: [{ label: '#Work' }] });
  });

  it('offers & and | after a whole term and after a closing parenthesis', () => {
    const operators = [
      { label: '&', insert: '& ', kind: 'operator', detail: 'And' },
      { label: '|', insert: '| ', kind: 'operator', detail: 'Or' },
    ];
    expect(at('today ')).toEqual({ from: 6, to: 6, items: operators });
    expect(at('#Work ')).toEqual({ from: 6, to: 6, items: operators });
    expect(at('(today | p1)')).toEqual({ from: 12, to: 12, items: operators });
    expect(at('due before: +3d ').items).toEqual(operators);
  });

  it('offers nothing inside the words of search:, even after a !', () => {
    expect(at('search: inv')).toEqual({ from: 11, to: 11, items: [] });
    expect(at('p1 & search: wow! to')).toMatchObject({ items: [] });
    expect(labels('search: a & to')).toEqual(['today', 'tomorrow']);
  });

  it('reads quoted names containing operators as names', () => {
    expect(labels('#"a & w')).toEqual([]);
    expect(labels('#"a & b" & to')).toEqual(['today', 'tomorrow']);
  });

  it('clamps a cursor outside the query', () => {
    expect(filterSuggestions('to', 99).from).toBe(0);
    expect(filterSuggestions('to', -5)).toMatchObject({ from: 0, to: 2 });
  });
});
