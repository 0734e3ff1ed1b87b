import type { Quote } from './quotes';
import { TIPS } from './tips';

/** What the tip card shows: a productivity tip or a quotation. */
export type DailyItem = { kind: 'tip'; text: string } | { kind: 'quote'; quote: Quote };

/** "New tip" picks a quote with 40% probability. */
export const QUOTE_PROBABILITY = 0.4;

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** The day of the year in the local calendar: 1 for 1 January, 366 for 31 December of a leap year. */
export function dayOfYear(date: Date): number {
  // Both instants at UTC midnight of the local calendar dates, so daylight saving cannot skew it.
  const startOfYear = Date.UTC(date.getFullYear(), 0, 1);
  const today = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  return Math.round((today - startOfYear) / MS_PER_DAY) + 1;
}

/** The entry at `index`, wrapping round the end of the list. */
function entryAt<T>(list: readonly T[], index: number): T {
  const entry = list[index % list.length];
  if (entry === undefined) {
    throw new Error('The tip card has no entries to show');
  }
  return entry;
}

let quotes: Promise<readonly Quote[]> | undefined;

/**
 * The quotations (quotes.ts), fetched once and apart from the dashboard's own script: they are
 * about 15 kB gzipped that the page need not wait for (docs/performance.md, the dashboard's first
 * load), and a busy network fetches them alongside the page's data.
 */
export function loadQuotes(): Promise<readonly Quote[]> {
  quotes ??= import('./quotes').then((module) => module.QUOTES);
  return quotes;
}

/**
 * The item rotates by day of year, and every third day it is a quote: undefined that day until
 * the quotations are loaded.
 */
export function tipOfTheDay(
  date: Date,
  quoteList: readonly Quote[] | undefined,
): DailyItem | undefined {
  const day = dayOfYear(date);
  if (day % 3 !== 0) {
    return { kind: 'tip', text: entryAt(TIPS, day) };
  }
  return quoteList && { kind: 'quote', quote: entryAt(quoteList, day) };
}

/** Whether the day's item is a quote (tipOfTheDay), known before the quotations are. */
export function isQuoteDay(date: Date): boolean {
  return dayOfYear(date) % 3 === 0;
}

/** An index in [0, length) from a random number in [0, 1), never one past the end. */
function randomIndex(random: () => number, length: number): number {
  return Math.min(length - 1, Math.max(0, Math.floor(random() * length)));
}

/**
 * "Get New Tip/Quote": a quote with 40% probability, otherwise a tip, each chosen with a second
 * call to `random`. It never repeats `current`; a draw that would is moved on to the next entry.
 */
export function randomItem(
  quoteList: readonly Quote[],
  random: () => number = Math.random,
  current?: DailyItem,
): DailyItem {
  if (random() < QUOTE_PROBABILITY) {
    let index = randomIndex(random, quoteList.length);
    if (current?.kind === 'quote' && entryAt(quoteList, index).text === current.quote.text) {
      index += 1;
    }
    return { kind: 'quote', quote: entryAt(quoteList, index) };
  }
  let index = randomIndex(random, TIPS.length);
  if (current?.kind === 'tip' && entryAt(TIPS, index) === current.text) {
    index += 1;
  }
  return { kind: 'tip', text: entryAt(TIPS, index) };
}
