import { PRIORITIES } from '@daywise/shared';
import { type Priority } from '@daywise/shared/schemas';

import { Badge, type BadgeTone } from './badge';

export const PRIORITY_LABELS: Record<Priority, string> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

const PRIORITY_TONES: Record<Priority, BadgeTone> = { high: 'red', medium: 'amber', low: 'green' };

/** A todo's or a task's priority, as a coloured chip. */
export function PriorityChip({ priority }: { priority: Priority }) {
  return <Badge tone={PRIORITY_TONES[priority]}>{PRIORITY_LABELS[priority]}</Badge>;
}

/** The priorities as a select's options, low to high, or high to low when `highFirst`. */
export function PriorityOptions({ highFirst = false }: { highFirst?: boolean }) {
  const order = highFirst ? [...PRIORITIES].reverse() : PRIORITIES;
  return order.map((priority) => (
    <option key={priority} value={priority}>
      {PRIORITY_LABELS[priority]}
    </option>
  ));
}
