import { Lightbulb, Quote as QuoteIcon } from 'lucide-react';
import { useId, useState } from 'react';

import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { useToday } from '../../lib/settings';
import { type DailyItem, randomItem, tipOfTheDay } from './daily-tip';

/** The day `YYYY-MM-DD` as a date of the local calendar, as `tipOfTheDay` counts it. */
function calendarDate(day: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/**
 * The dashboard's daily tip card: today's tip or quote, today in the user's time zone as every
 * other date, and a button that swaps it for a random one. The text sits in a polite live region,
 * so a screen reader reads the new one.
 */
export function DailyTipCard() {
  const headingId = useId();
  const today = useToday();
  const [picked, setItem] = useState<DailyItem | null>(null);
  const item = picked ?? tipOfTheDay(calendarDate(today));
  const isQuote = item.kind === 'quote';
  const Icon = isQuote ? QuoteIcon : Lightbulb;

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
      <div aria-live="polite" className="mt-4">
        {item.kind === 'quote' ? (
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
        )}
      </div>
      <Button
        onClick={() => setItem(randomItem(Math.random, item))}
        variant="secondary"
        size="sm"
        className="mt-4"
      >
        {isQuote ? 'Get New Quote' : 'Get New Tip'}
      </Button>
    </Card>
  );
}
