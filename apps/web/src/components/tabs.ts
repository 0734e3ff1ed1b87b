import { cardClass } from './card';

/**
 * A Radix tab list's look: the tabs in a row on a card, wrapping onto more rows when narrow, so
 * that on a phone every tab is in sight rather than scrolled off without a hint
 * (docs/product/daily-goals.md).
 */
export const tabListClass = `${cardClass('xl')} flex flex-wrap gap-1 p-1`;

/** A Radix tab trigger's look; the active one is filled blue. */
export const tabClass =
  'shrink-0 rounded-lg px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-600 data-[state=active]:bg-blue-600 data-[state=active]:text-white dark:text-gray-200 dark:hover:bg-gray-800';
