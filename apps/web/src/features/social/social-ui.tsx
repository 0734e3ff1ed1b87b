import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';

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
