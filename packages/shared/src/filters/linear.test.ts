import { describe, expect, it } from 'vitest';

import { FILTER_LIMITS, filterSuggestions, parseFilter } from './index';

// The shared package is typed without Node's globals; the tests run in Node.
declare const process: { threadCpuUsage: () => { user: number; system: number } };

/** Microseconds of this thread's CPU time spent running `work` `times` times. */
function cpuTime(work: () => void, times: number): number {
  const start = process.threadCpuUsage();
  for (let index = 0; index < times; index += 1) {
    work();
  }
  const end = process.threadCpuUsage();
  return end.user - start.user + (end.system - start.system);
}

/** Repeats `unit` to about `length` characters. */
const repeat = (unit: string, length: number) => unit.repeat(Math.floor(length / unit.length));

/**
 * Queries of every shape that makes a parser do more work per character: long runs of operators,
 * negations, names, quotes and search words, and errors found only at the end.
 */
const SHAPES: Record<string, (length: number) => string> = {
  'terms joined by |': (length) => repeat('p1 | ', length - 5) + 'today',
  'terms joined by & and |': (length) => repeat('today & !p1 | ', length - 5) + 'today',
  negations: (length) => repeat('!', length - 5) + 'today',
  'a long bare list name': (length) => `#${'w'.repeat(length - 1)}`,
  'a long quoted tag name': (length) => `@"${repeat('a\\"', length - 3)}"`,
  'long search words': (length) => `search: ${repeat('ab ', length - 10)}x`,
  'an unclosed quote': (length) => `#"${'x'.repeat(length - 2)}`,
  'an error at the very end': (length) => repeat('(today) | ', length - 10) + 'today &',
  'a date after many terms': (length) => repeat('due after: +3d & ', length - 20) + 'p1',
};

const SHORT = 100;
const LONG = FILTER_LIMITS.queryMax;
const TIMES = 1000;

describe('the parser is linear in the length of the query', () => {
  it.each(Object.entries(SHAPES))('for %s (CPU time, 10× the length)', (_, shape) => {
    const short = shape(SHORT);
    const long = shape(LONG);
    expect(long.length).toBeLessThanOrEqual(LONG);
    expect(long.length / short.length).toBeGreaterThan(8);
    const work = (query: string) => () => {
      parseFilter(query);
      filterSuggestions(query, query.length, { lists: ['Work'], tags: ['waiting'] });
    };
    // Warm up, so the compiler's work is not counted in the first measurement.
    cpuTime(work(long), TIMES / 4);
    cpuTime(work(short), TIMES / 4);
    // The best of three, so a moment of another process's load on the core does not decide.
    const ratios = [1, 2, 3].map(() => cpuTime(work(long), TIMES) / cpuTime(work(short), TIMES));
    // Linear work takes about 10 times as long for 10 times the text; quadratic work, about 100.
    expect(Math.min(...ratios)).toBeLessThan(25);
  });
});
