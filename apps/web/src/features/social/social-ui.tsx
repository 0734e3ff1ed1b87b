import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';

/** The look the social tabs share, so the three read as one page. */
export const surfaceClass =
  'rounded-2xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900';
export const cardClass = `${surfaceClass} p-5`;

export const iconButtonClass =
  'inline-flex shrink-0 items-center justify-center rounded-lg p-2 text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-50 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white';

export const dangerIconButtonClass =
  'inline-flex shrink-0 items-center justify-center rounded-lg p-2 text-gray-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-red-600 dark:text-gray-300 dark:hover:bg-red-950 dark:hover:text-red-300';

export const emptyClass =
  'rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-600 dark:border-gray-700 dark:text-gray-300';

/** A person's initial in a circle ('U' without a name, as the dashboard shell does). */
export function Initial({ name }: { name: string }) {
  return (
    <span
      aria-hidden
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-blue-100 font-semibold text-blue-800 dark:bg-blue-900 dark:text-blue-100"
    >
      {name.trim().charAt(0).toUpperCase() || 'U'}
    </span>
  );
}

/** Name over email, truncated on narrow screens. */
export function PersonLabel({ name, email }: { name: string; email: string }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="truncate font-medium">{name}</p>
      <p className="truncate text-sm text-gray-600 dark:text-gray-300">{email}</p>
    </div>
  );
}

/** A count in a pill; `label` is what a screen reader hears after the number. */
export function CountBadge({ count, label }: { count: number; label: string }) {
  return (
    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
      {count} <span className="sr-only">{label}</span>
    </span>
  );
}

export function Spinner({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 text-gray-600 dark:text-gray-300">
      <Loader2 aria-hidden className="size-4 animate-spin" />
      {children}
    </p>
  );
}
