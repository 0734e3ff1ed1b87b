import type { Priority } from '@daywise/shared/schemas';

export const PRIORITY_LABELS: Record<Priority, string> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

const PRIORITY_STYLES: Record<Priority, string> = {
  high: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  medium: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  low: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
};

export const chipClass =
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium';

/** A todo's or a task's priority, as a coloured chip. */
export function PriorityChip({ priority }: { priority: Priority }) {
  return (
    <span className={`${chipClass} ${PRIORITY_STYLES[priority]}`}>{PRIORITY_LABELS[priority]}</span>
  );
}
