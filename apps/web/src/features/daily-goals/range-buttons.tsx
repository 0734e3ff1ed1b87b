import { ANALYTICS_RANGES } from '@daywise/shared';

import { Button } from '../../components/button';

/** Last 7 / 30 / 90 Days, as toggle buttons. */
export function RangeButtons({
  days,
  onChange,
}: {
  days: number;
  onChange: (days: number) => void;
}) {
  return (
    <div role="group" aria-label="Range" className="flex flex-wrap gap-2">
      {ANALYTICS_RANGES.map((range) => (
        <Button
          key={range}
          aria-pressed={days === range}
          onClick={() => onChange(range)}
          variant="bare"
          className="rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-100 aria-pressed:border-blue-600 aria-pressed:bg-blue-600 aria-pressed:text-white dark:border-gray-700 dark:hover:bg-gray-800"
        >
          Last {range} Days
        </Button>
      ))}
    </div>
  );
}
