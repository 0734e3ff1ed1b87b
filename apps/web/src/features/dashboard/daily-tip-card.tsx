import { Lightbulb, Quote as QuoteIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';

import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { useToday } from '../../lib/settings';
import { type DailyItem, isQuoteDay, loadQuotes, randomItem, tipOfTheDay } from './daily-tip';
import type { Quote } from './quotes';

/** The day `YYYY-MM-DD` as a date of the local calendar, as `tipOfTheDay` counts it. */
function calendarDate(day: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/** The item's words: a tip, or a quotation as a figure with its author. */
function DailyText({ item }: { item: DailyItem }) {
  return item.kind === 'quote' ? (
    <figure>
      <blockquote className="text-lg text-gray-900 italic dark:text-gray-100">
        <p>{item.quote.text}</p>
      </blockquote>
      <figcaption className="mt-2 text-sm text-gray-600 dark:text-gray-300">
        — {item.quote.from}
      </figcaption>
    </figure>
  ) : (
    <p className="text-gray-700 dark:text-gray-300">{item.text}</p>
  );
}

/** The quotations once fetched (loadQuotes); undefined until then. */
function useQuotes(): readonly Quote[] | undefined {
  const [quotes, setQuotes] = useState<readonly Quote[]>();
  useEffect(() => {
    let mounted = true;
    void loadQuotes().then((loaded) => mounted && setQuotes(loaded));
    return () => {
      mounted = false;
    };
  }, []);
  return quotes;
}

/**
 * The dashboard's daily tip card: today's tip or quote, today in the user's time zone as every
 * other date, and a button that swaps it for a random one. The text sits in a polite live region,
 * so a screen reader reads the new one. A tip is drawn at once; on a quote's day the heading and
 * the button are, and the words follow the quotations, fetched beside the page, in a space kept
 * for them.
 */
export function DailyTipCard() {
  const headingId = useId();
  const date = calendarDate(useToday());
  const quotes = useQuotes();
  const [picked, setItem] = useState<DailyItem | null>(null);
  const isQuote = picked ? picked.kind === 'quote' : isQuoteDay(date);
  const item = picked ?? tipOfTheDay(date, quotes);
  const Icon = isQuote ? QuoteIcon : Lightbulb;

  const pickAnother = async () => {
    const loaded = await loadQuotes();
    setItem(randomItem(loaded, Math.random, picked ?? tipOfTheDay(date, loaded)));
  };

  return (
    <Card as="section" aria-labelledby={headingId} className="p-5">
      <div className="flex items-center gap-3">
        <span className="rounded-lg bg-amber-100 p-2 text-amber-800 dark:bg-amber-950 dark:text-amber-300">
          <Icon aria-hidden className="size-5" />
        </span>
        <h2 id={headingId} className="text-lg font-semibold">
          {isQuote ? 'Quote of the Day' : 'Tip of the Day'}
        </h2>
      </div>
      <div aria-live="polite" className="mt-4 min-h-14">
        {item && <DailyText item={item} />}
      </div>
      <Button onClick={() => void pickAnother()} variant="secondary" size="sm" className="mt-4">
        {isQuote ? 'Get New Quote' : 'Get New Tip'}
      </Button>
    </Card>
  );
}
