import { describe, expect, it, vi } from 'vitest';

import {
  type DailyItem,
  dayOfYear,
  isQuoteDay,
  loadQuotes,
  QUOTE_PROBABILITY,
  randomItem,
  tipOfTheDay,
} from './daily-tip';
import { QUOTES } from './quotes';
import { TIPS } from './tips';

/** A stand-in for Math.random that returns the given values in turn. */
function sequence(...values: number[]): () => number {
  let call = 0;
  return () => {
    const value = values[call];
    call += 1;
    if (value === undefined) {
      throw new Error(`random() called ${call} times, only ${values.length} values given`);
    }
    return value;
  };
}

/** Lower case, letters and digits only: catches duplicates that differ in punctuation. */
function normalise(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function firstQuote(): DailyItem {
  return { kind: 'quote', quote: QUOTES[0] ?? { text: '', from: '' } };
}

describe('QUOTES', () => {
  it('has at least 300 entries', () => {
    expect(QUOTES.length).toBeGreaterThanOrEqual(300);
  });

  it('has no duplicate texts, ignoring case and punctuation', () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const { text } of QUOTES) {
      const key = normalise(text);
      if (seen.has(key)) {
        duplicates.push(text);
      }
      seen.set(key, text);
    }
    expect(duplicates).toEqual([]);
  });

  it('gives every quote a trimmed, non-empty text under 220 characters and an author', () => {
    for (const quote of QUOTES) {
      expect(quote.text.trim(), quote.text).toBe(quote.text);
      expect(quote.text.length, quote.text).toBeGreaterThan(0);
      expect(quote.text.length, quote.text).toBeLessThanOrEqual(220);
      expect(quote.from.trim(), quote.text).toBe(quote.from);
      expect(quote.from.length, quote.text).toBeGreaterThan(0);
    }
  });

  it('uses typographic apostrophes and quotation marks throughout', () => {
    const straight = QUOTES.filter(({ text, from }) => /['"]/.test(text + from));
    expect(straight).toEqual([]);
  });
});

describe('TIPS', () => {
  it('has at least 40 distinct, non-empty tips', () => {
    expect(TIPS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(TIPS.map(normalise)).size).toBe(TIPS.length);
    for (const tip of TIPS) {
      expect(tip.trim(), tip).toBe(tip);
      expect(tip.length, tip).toBeGreaterThan(0);
      expect(tip.length, tip).toBeLessThanOrEqual(220);
      expect(tip, tip).not.toMatch(/['"]/);
    }
  });
});

describe('dayOfYear', () => {
  it('counts 1 January as day 1, in the local calendar', () => {
    expect(dayOfYear(new Date(2026, 0, 1))).toBe(1);
    expect(dayOfYear(new Date(2026, 0, 1, 23, 59))).toBe(1);
    expect(dayOfYear(new Date(2026, 0, 3))).toBe(3);
    expect(dayOfYear(new Date(2026, 1, 1))).toBe(32);
  });

  it('counts 29 February in a leap year, so 31 December 2028 is day 366', () => {
    expect(dayOfYear(new Date(2028, 2, 1))).toBe(61);
    expect(dayOfYear(new Date(2027, 2, 1))).toBe(60);
    expect(dayOfYear(new Date(2028, 11, 31))).toBe(366);
    expect(dayOfYear(new Date(2027, 11, 31, 23, 59))).toBe(365);
  });

  it('advances by exactly one each day of the year, daylight saving or not', () => {
    for (let day = 1; day <= 366; day += 1) {
      expect(dayOfYear(new Date(2028, 0, day, 12))).toBe(day);
    }
  });
});

describe('tipOfTheDay', () => {
  it('gives a tip on 1 January', () => {
    expect(tipOfTheDay(new Date(2026, 0, 1), QUOTES)).toEqual({ kind: 'tip', text: TIPS[1] });
  });

  it("gives nothing on a quote's day until the quotations are loaded", () => {
    expect(tipOfTheDay(new Date(2026, 0, 3), undefined)).toBeUndefined();
    expect(tipOfTheDay(new Date(2026, 0, 1), undefined)).toEqual({ kind: 'tip', text: TIPS[1] });
  });

  it('gives a quote on 3 January', () => {
    expect(tipOfTheDay(new Date(2026, 0, 3), QUOTES)).toEqual({ kind: 'quote', quote: QUOTES[3] });
  });

  it('gives a quote on 31 December of a leap year (day 366) and a tip the day before', () => {
    expect(tipOfTheDay(new Date(2028, 11, 31), QUOTES)).toEqual({
      kind: 'quote',
      quote: QUOTES[366 % QUOTES.length],
    });
    expect(tipOfTheDay(new Date(2028, 11, 30), QUOTES)).toEqual({
      kind: 'tip',
      text: TIPS[365 % TIPS.length],
    });
  });

  it('is a quote exactly on the days divisible by 3', () => {
    for (let day = 1; day <= 366; day += 1) {
      const date = new Date(2028, 0, day);
      expect(tipOfTheDay(date, QUOTES)?.kind, `day ${day}`).toBe(day % 3 === 0 ? 'quote' : 'tip');
      expect(isQuoteDay(date), `day ${day}`).toBe(day % 3 === 0);
    }
  });

  it('gives the same item all day long', () => {
    expect(tipOfTheDay(new Date(2026, 4, 17, 0, 0), QUOTES)).toEqual(
      tipOfTheDay(new Date(2026, 4, 17, 23, 59), QUOTES),
    );
    expect(tipOfTheDay(new Date(2026, 4, 18, 8, 30), QUOTES)).toEqual(
      tipOfTheDay(new Date(2026, 4, 18, 20, 15), QUOTES),
    );
  });
});

describe('loadQuotes', () => {
  it('fetches the quotations once', async () => {
    const first = loadQuotes();
    expect(loadQuotes()).toBe(first);
    expect(await first).toBe(QUOTES);
  });
});

describe('randomItem', () => {
  it('picks a quote below 0.4, chosen by a second random number', () => {
    expect(QUOTE_PROBABILITY).toBe(0.4);
    expect(randomItem(QUOTES, sequence(0, 0))).toEqual({ kind: 'quote', quote: QUOTES[0] });
    expect(randomItem(QUOTES, sequence(0.399, 0.5))).toEqual({
      kind: 'quote',
      quote: QUOTES[Math.floor(0.5 * QUOTES.length)],
    });
  });

  it('picks a tip at or above 0.4, chosen by a second random number', () => {
    expect(randomItem(QUOTES, sequence(0.4, 0))).toEqual({ kind: 'tip', text: TIPS[0] });
    expect(randomItem(QUOTES, sequence(0.999, 0.999))).toEqual({ kind: 'tip', text: TIPS.at(-1) });
  });

  it('never repeats the current quote or tip, moving on to the next entry', () => {
    expect(randomItem(QUOTES, sequence(0, 0), firstQuote())).toEqual({
      kind: 'quote',
      quote: QUOTES[1],
    });
    const lastTip: DailyItem = { kind: 'tip', text: TIPS.at(-1) ?? '' };
    expect(randomItem(QUOTES, sequence(0.5, 0.999), lastTip)).toEqual({
      kind: 'tip',
      text: TIPS[0],
    });
  });

  it('may repeat an entry of the other kind', () => {
    expect(randomItem(QUOTES, sequence(0.5, 0), firstQuote())).toEqual({
      kind: 'tip',
      text: TIPS[0],
    });
  });

  it('never returns the current entry, whatever the random numbers', () => {
    let current = tipOfTheDay(new Date(2026, 0, 1), QUOTES);
    for (let step = 0; step < 2000; step += 1) {
      const next = randomItem(QUOTES, Math.random, current);
      expect(next).not.toEqual(current);
      current = next;
    }
  });

  it('uses Math.random by default', () => {
    const random = vi.spyOn(Math, 'random').mockReturnValueOnce(0.2).mockReturnValueOnce(0);
    expect(randomItem(QUOTES)).toEqual({ kind: 'quote', quote: QUOTES[0] });
    expect(random).toHaveBeenCalledTimes(2);
    random.mockRestore();
  });
});
