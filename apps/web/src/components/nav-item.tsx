import { Plus } from 'lucide-react';
import { type ReactNode, useId } from 'react';

import { IconButton } from './button';

/** A sidebar link's look: the active page's in blue (app/dashboard-layout.tsx, lists too). */
export function navItemClass(isActive: boolean, extra = ''): string {
  return `flex min-h-11 items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-600 ${
    isActive
      ? 'bg-blue-50 text-blue-700 dark:bg-blue-950 dark:text-blue-200'
      : 'text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800'
  } ${extra}`.trim();
}

/**
 * What a badge's number counts, said only to a screen reader: the link's name is then its
 * visible text first, 'Today 3', then 'items' (docs/product/dashboard.md).
 */
const countedItems = (count: number) => (count === 1 ? 'item' : 'items');

/** A sidebar link's count of open items; nothing for none. */
export function NavCount({ count }: { count: number | undefined }) {
  if (!count) {
    return null;
  }
  return (
    <>
      {' '}
      <span className="ml-auto rounded-full bg-blue-600 px-2 py-0.5 text-xs font-semibold text-white dark:bg-blue-500 dark:text-gray-950">
        {count} <span className="sr-only">{countedItems(count)}</span>
      </span>
    </>
  );
}

/**
 * A group of the sidebar's links under a small heading that names it, with a button that adds
 * one (the lists, the saved filters).
 */
export function NavGroup({
  title,
  addLabel,
  onAdd,
  children,
}: {
  title: string;
  addLabel: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <div className="flex items-center justify-between pl-3">
        <h2
          id={headingId}
          className="text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-300"
        >
          {title}
        </h2>
        <IconButton label={addLabel} onClick={onAdd}>
          <Plus aria-hidden className="size-4" />
        </IconButton>
      </div>
      {children}
    </section>
  );
}
