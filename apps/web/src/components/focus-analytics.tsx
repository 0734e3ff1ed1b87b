import { formatMinutes } from '@daywise/shared/focus-messages';
import type { ChartData } from '@daywise/shared/schemas';

import { useFocusAnalytics } from '../lib/focus';
import { BarChart } from './charts';

/**
 * The analytics' focus charts over the chosen range (ADR 0032): minutes focused per day, and each
 * estimated todo's estimate against the minutes spent on it.
 */
export function FocusAnalytics({ days }: { days: number }) {
  const query = useFocusAnalytics(days);
  const data = query.data;
  if (!data) {
    return null;
  }
  const estimates: ChartData = {
    labels: data.estimates.map((todo) => todo.title),
    datasets: [
      { label: 'Estimate (min)', data: data.estimates.map((todo) => todo.estimateMinutes) },
      { label: 'Actual (min)', data: data.estimates.map((todo) => todo.actualMinutes) },
    ],
  };
  return (
    <>
      <section aria-labelledby="focus-heading" className="space-y-2">
        <h3 id="focus-heading" className="font-semibold">
          Focus Minutes per Day
        </h3>
        <p className="text-sm text-gray-600 dark:text-gray-300" data-testid="focus-total-range">
          {formatMinutes(data.totalMinutes)} focused in the last {days} days
        </p>
        {data.totalMinutes > 0 && (
          <BarChart data={data.perDay} label={`Focus minutes per day over the last ${days} days`} />
        )}
      </section>
      <section aria-labelledby="estimate-heading" className="space-y-2">
        <h3 id="estimate-heading" className="font-semibold">
          Estimate vs Actual
        </h3>
        {data.estimates.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-300">
            No estimated todos focused on in this period.
          </p>
        ) : (
          <BarChart data={estimates} label="Estimate against actual minutes, by todo" />
        )}
      </section>
    </>
  );
}
