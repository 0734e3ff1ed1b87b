import { FILTER_LIMITS, filterSuggestions, parseFilter } from '@daywise/shared/filters';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/**
 * The filter language's parser reads what any client types (GET /api/todos?filter=, saved
 * filters, the web's field as it is typed): whatever arrives, it answers a tree or an error at a
 * position inside the query, and never throws. Seeded, so a failure is the same on every run.
 */
const SEED = 32;

/** Text made of the language's own pieces, which reaches deeper than random characters. */
const PIECES = [
  'today',
  'overdue',
  'tomorrow',
  'no',
  'date',
  'next',
  '7',
  'days',
  'due',
  'before',
  'after',
  ':',
  '2026-12-31',
  '+3d',
  '-2w',
  'p1',
  'p4',
  '#',
  '@',
  '/',
  '"',
  '\\',
  'Work',
  'two words',
  'inbox',
  'subtask',
  'recurring',
  'completed',
  'search',
  '&',
  '|',
  '!',
  '(',
  ')',
  ' ',
  '\t',
];
const queries = fc.oneof(
  fc.string({ maxLength: 1100 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 300 }).map((parts) => parts.join('')),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((parts) => parts.join(' ')),
);

describe('the filter parser on any text', () => {
  it('answers a tree or an error at a position in the query, and never throws', () => {
    fc.assert(
      fc.property(queries, (query) => {
        const parsed = parseFilter(query);
        if (!parsed.ok) {
          const { position, message } = parsed.error;
          expect(position).toBeGreaterThanOrEqual(0);
          expect(position).toBeLessThanOrEqual(Math.min(query.length, FILTER_LIMITS.queryMax));
          expect(message.endsWith(` at ${position}`)).toBe(true);
        }
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it('suggests at any cursor without throwing, replacing a part of the query', () => {
    fc.assert(
      fc.property(queries, fc.integer({ min: -5, max: 1200 }), (query, cursor) => {
        const { from, to, items } = filterSuggestions(query, cursor, {
          lists: ['Work', 'Two words'],
          tags: ['waiting'],
        });
        expect(0 <= from && from <= to && to <= query.length).toBe(true);
        expect(items.length).toBeLessThanOrEqual(10);
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });
});
