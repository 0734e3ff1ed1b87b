import { ANALYTICS_RANGES, MESSAGES } from '@daywise/shared';
import { type ChartData } from '@daywise/shared/schemas';
import { BarChart3, Loader2 } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';

import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { BarChart, LineChart } from '../../components/charts';
import { dialogContentClass, dialogOverlayClass, dialogTitleClass } from '../../components/dialog';
import { DialogCloseButton } from '../../components/dialog-close';
import { FocusAnalytics } from '../../components/focus-analytics';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { CloseOnBack } from '../../components/use-close-on-back';
import { formatCalendarDay } from '../../lib/format';
import { notify } from '../../lib/toast';
import { formatDayCount, performanceTone } from './format';
import { RangeButtons } from './range-buttons';
import { usePlanAnalytics } from './use-plans';

const TONES = {
  good: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  fair: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200',
  poor: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
} as const;

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-gray-50 p-3 dark:bg-gray-800/60">
      <dt className="text-xs text-gray-600 dark:text-gray-300">{label}</dt>
      <dd className="text-xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

/** The Analytics modal: totals, trend, by category, and the last 7 days. */
function AnalyticsContent() {
  const [days, setDays] = useState<number>(ANALYTICS_RANGES[1]);
  const query = usePlanAnalytics(days, true);
  useEffect(() => {
    if (query.isError) {
      notify.error(MESSAGES.analyticsLoadFailed);
    }
  }, [query.isError]);
  const data = query.data;
  if (!data) {
    return query.isError ? (
      <div role="alert" className="mt-4">
        <LoadError
          message={MESSAGES.analyticsLoadFailed}
          onRetry={() => void query.refetch()}
          className={errorPanelClass}
        />
      </div>
    ) : (
      <p role="status" className="mt-4 flex items-center gap-2">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        Loading...
      </p>
    );
  }
  const { stats } = data;
  const categories: ChartData = {
    labels: data.categories.map((category) => category.tag),
    datasets: [
      { label: 'Completed', data: data.categories.map((category) => category.completed) },
      {
        label: 'Not done',
        data: data.categories.map((category) => category.total - category.completed),
      },
    ],
  };
  return (
    <div className="mt-4 space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Total label="Total Plans" value={String(stats.totalPlans)} />
        <Total label="Total Tasks" value={String(stats.totalTasks)} />
        <Total label="Completed Tasks" value={String(stats.completedTasks)} />
        <Total label="Completion Rate" value={`${stats.overallCompletionRate}%`} />
        <Total label="Current Streak" value={formatDayCount(stats.currentStreak)} />
        <Total label="Tasks per Day" value={String(stats.averageTasksPerDay)} />
      </dl>
      <RangeButtons days={days} onChange={setDays} />
      <section aria-labelledby="trend-heading" className="space-y-2">
        <h3 id="trend-heading" className="font-semibold">
          Completion Trend
        </h3>
        <LineChart data={data.trend} label={`Completion % over the last ${days} days`} max={100} />
      </section>
      <section aria-labelledby="category-heading" className="space-y-2">
        <h3 id="category-heading" className="font-semibold">
          By Category
        </h3>
        {data.categories.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-300">
            No tagged tasks in this period.
          </p>
        ) : (
          <BarChart
            data={categories}
            label="Tasks by category"
            stacked
            tones={['success', 'muted']}
          />
        )}
      </section>
      <FocusAnalytics days={days} />
      <section aria-labelledby="recent-heading" className="space-y-2">
        <h3 id="recent-heading" className="font-semibold">
          Recent Performance
        </h3>
        {data.recent.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-300">No plans in the last 7 days.</p>
        ) : (
          <ul className="space-y-2">
            {data.recent.map((day) => (
              <li key={day.date} className="flex items-center justify-between gap-3 text-sm">
                <span>{formatCalendarDay(day.date)}</span>
                <span className="text-gray-600 tabular-nums dark:text-gray-300">
                  {day.completedTasks}/{day.totalTasks}
                </span>
                <span
                  className={`rounded-full px-2 py-0.5 font-semibold tabular-nums ${TONES[performanceTone(day.percentage)]}`}
                >
                  {day.percentage}%
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The Analytics tab: 'View Analytics' opens the modal. */
export function AnalyticsTab() {
  const [open, setOpen] = useState(false);
  return (
    <Card className="p-8 text-center">
      <BarChart3 aria-hidden className="mx-auto size-10 text-blue-600 dark:text-blue-400" />
      <h2 className="mt-3 text-lg font-semibold">Your daily goals in numbers</h2>
      <p className="mt-1 text-gray-600 dark:text-gray-300">
        Totals, your completion trend, progress by category and the last seven days.
      </p>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <Button className="mt-5">View Analytics</Button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className={dialogOverlayClass} />
          <Dialog.Content className={`${dialogContentClass} sm:max-w-3xl`}>
            <Dialog.Title className={dialogTitleClass}>Daily Goals Analytics</Dialog.Title>
            <Dialog.Description className="sr-only">
              Totals, trend, categories and recent performance of your daily plans.
            </Dialog.Description>
            <CloseOnBack onClose={() => setOpen(false)} />
            <AnalyticsContent />
            <div className="mt-6 flex justify-end">
              <DialogCloseButton>Close</DialogCloseButton>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </Card>
  );
}
