import { useEffect, useState } from 'react';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** A full date in US English: short month, day, year. */
const FULL_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/**
 * A message's time as the product words it: under 60 s 'Just now', under an hour 'Nm ago', under a
 * day 'Nh ago', under 7 days 'Nd ago', otherwise the date. A time slightly ahead of this clock
 * (the server's clock runs a little fast) still reads 'Just now'.
 */
export function formatRelativeTime(instant: string, now: number): string {
  const then = new Date(instant).getTime();
  const elapsed = now - then;
  if (Number.isNaN(then)) {
    return instant;
  }
  if (elapsed < MINUTE) {
    return 'Just now';
  }
  if (elapsed < HOUR) {
    return `${Math.floor(elapsed / MINUTE)}m ago`;
  }
  if (elapsed < DAY) {
    return `${Math.floor(elapsed / HOUR)}h ago`;
  }
  if (elapsed < WEEK) {
    return `${Math.floor(elapsed / DAY)}d ago`;
  }
  return FULL_DATE.format(then);
}

/** The current time, renewed every `everyMs`, so relative times and the edit window move on. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
