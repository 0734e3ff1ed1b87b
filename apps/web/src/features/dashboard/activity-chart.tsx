import { CHART_PERIODS, MESSAGES } from '@daywise/shared';
import { type ChartData, type ChartPeriod } from '@daywise/shared/schemas';
import { lazy, type ReactNode, Suspense, useState } from 'react';

import { Button } from '../../components/button';
import { useHydrated } from '../../lib/browser-value';
import { DashboardPanel } from './dashboard-panel';
import { useChartData } from './use-dashboard';

// chart.js is the heaviest thing on the page: the cards and streaks do not wait for it.
const BarChart = lazy(() =>
  import('../../components/charts').then((charts) => ({ default: charts.BarChart })),
);

const PERIOD_LABELS: Record<ChartPeriod, string> = {
  week: 'This Week',
  month: 'This Month',
  year: 'This Year',
};

function isEmpty(data: ChartData): boolean {
  return data.datasets.every((dataset) => dataset.data.every((value) => value === 0));
}

/** Holds the chart's place (same 2:1 shape) while there is nothing to draw. */
function ChartPlaceholder({ children, status = false }: { children: ReactNode; status?: boolean }) {
  return (
    <div
      role={status ? 'status' : undefined}
      className="flex aspect-[2/1] items-center justify-center rounded-lg bg-gray-50 px-4 text-center text-sm text-gray-600 dark:bg-gray-800/50 dark:text-gray-300"
    >
      {children}
    </div>
  );
}

/**
 * The Analytics card: todos and daily-goal tasks completed per weekday, day of the
 * month or month, stacked, for the period the buttons choose.
 */
export function ActivityChart({ enabled }: { enabled: boolean }) {
  const [period, setPeriod] = useState<ChartPeriod>('week');
  const { data, isError, isPlaceholderData, refetch } = useChartData(period, enabled);
  // The server cannot wait for chart.js (renderToString draws no lazy part, and React would throw
  // the boundary away as it hydrates, error 419): it draws the chart loading, as the browser does
  // until the chart's code is in.
  const hydrated = useHydrated();

  let body: ReactNode;
  if (data) {
    body = isEmpty(data) ? (
      <ChartPlaceholder>No data available for this period</ChartPlaceholder>
    ) : !hydrated ? (
      <ChartPlaceholder status>Loading chart...</ChartPlaceholder>
    ) : (
      <Suspense fallback={<ChartPlaceholder status>Loading chart...</ChartPlaceholder>}>
        <BarChart
          data={data}
          label={`Tasks completed ${PERIOD_LABELS[period].toLowerCase()}`}
          stacked
        />
      </Suspense>
    );
  } else if (isError) {
    body = (
      <ChartPlaceholder>
        <div>
          <p>{MESSAGES.analyticsLoadFailed}</p>
          <Button onClick={() => void refetch()} variant="secondary" size="sm" className="mt-3">
            Try Again
          </Button>
        </div>
      </ChartPlaceholder>
    );
  } else {
    body = <ChartPlaceholder status>Loading chart...</ChartPlaceholder>;
  }

  return (
    <DashboardPanel
      id="dashboard-analytics"
      title="Analytics"
      actions={
        <div
          role="group"
          aria-label="Chart period"
          className="inline-flex flex-wrap gap-1 rounded-lg bg-gray-100 p-1 dark:bg-gray-800"
        >
          {CHART_PERIODS.map((option) => (
            <Button
              key={option}
              aria-pressed={option === period}
              onClick={() => setPeriod(option)}
              variant="bare"
              className="rounded-md px-3 py-1.5 text-sm font-medium text-gray-700 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 aria-pressed:bg-white aria-pressed:text-blue-700 aria-pressed:shadow-sm dark:text-gray-300 dark:hover:text-white dark:aria-pressed:bg-gray-900 dark:aria-pressed:text-blue-300"
            >
              {PERIOD_LABELS[option]}
            </Button>
          ))}
        </div>
      }
    >
      <div
        aria-busy={isPlaceholderData}
        className={`mt-4 transition-opacity ${isPlaceholderData ? 'opacity-60' : ''}`}
      >
        {body}
      </div>
    </DashboardPanel>
  );
}
