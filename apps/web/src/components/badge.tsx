import type { HTMLAttributes } from 'react';

const TONES = {
  red: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  green: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  gray: 'bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-100',
  /** No colours of its own: they come from `className`. */
  none: '',
} as const;

export type BadgeTone = keyof typeof TONES;

/** A small pill's shape, for elements that must render as something else (a chip button). */
export const badgeClass =
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium';

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone };

/** A short status or category in a coloured pill (a priority, a due date, a count). */
export function Badge({ tone = 'gray', className, ...props }: BadgeProps) {
  const classes = [badgeClass, TONES[tone], className].filter(Boolean).join(' ');
  return <span className={classes} {...props} />;
}
