import { MESSAGES } from '@daywise/shared';
import type { DashboardSummary } from '@daywise/shared/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';

import { AnalyticsDisabledPanel } from '../../components/analytics-disabled';
import { primaryButtonClass } from '../../components/form-field';
import { errorPanelClass, LoadError } from '../../components/load-error';
import type { DashboardArrival } from '../../lib/dashboard-arrival';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import { ActivityChart } from './activity-chart';
import { DailyTipCard } from './daily-tip-card';
import { DashboardPanel } from './dashboard-panel';
import { QuickActions } from './quick-actions';
import { StatCards } from './stat-cards';
import { StreaksCard } from './streaks-card';
import { useAnalyticsEnabled, useDashboardSummary } from './use-dashboard';

/** Nothing done and nothing planned: the dashboard has nothing to show yet. */
function isEmptySummary(summary: DashboardSummary): boolean {
  return (
    summary.today.total === 0 &&
    summary.dailyTodos.total === 0 &&
    summary.week.completed === 0 &&
    summary.month.completed === 0 &&
    summary.streaks.length === 0
  );
}

const secondaryLink =
  'inline-flex items-center justify-center rounded-lg border border-gray-300 px-5 py-2.5 font-semibold hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800';

/** An empty dashboard's first step (docs/product/dashboard.md#overview). */
function FirstStep() {
  return (
    <DashboardPanel id="dashboard-first-step" title="Start your day">
      <p className="mt-2 text-gray-700 dark:text-gray-300">
        Add your first todo or plan today&apos;s goals, and your progress shows up here.
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Link to="/dashboard/todos" state={{ openModal: true }} className={primaryButtonClass}>
          Add Your First Todo
        </Link>
        <Link to="/dashboard/daily-goals" className={secondaryLink}>
          Plan Your Day
        </Link>
      </div>
    </DashboardPanel>
  );
}

/**
 * Stat cards, chart and streaks; their requests wait until the settings say tracking is on. A
 * failed load says so with a Try Again that reads every analytics query again.
 */
function DashboardAnalytics({ settled }: { settled: boolean }) {
  const { data: summary, isError } = useDashboardSummary(settled);
  const queryClient = useQueryClient();
  return (
    <>
      {isError && (
        <div role="alert">
          <LoadError
            message={MESSAGES.analyticsLoadFailed}
            onRetry={() => void queryClient.refetchQueries({ queryKey: queryKeys.analytics.all })}
            className={errorPanelClass}
          />
        </div>
      )}
      {summary && isEmptySummary(summary) && <FirstStep />}
      <StatCards summary={summary} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <ActivityChart enabled={settled} />
        </div>
        <StreaksCard summary={summary} />
      </div>
    </>
  );
}

/**
 * The overview. With Activity Tracking off, the analytics give way to a notice and
 * are not requested at all; the quick actions and the daily tip stay.
 */
export default function DashboardPage() {
  const { user } = useSession();
  const { enabled, settled } = useAnalyticsEnabled();
  const firstName = user?.name.trim().split(/\s+/)[0] ?? '';
  const arrival = useLocation().state as DashboardArrival | null;
  const greeting = arrival?.firstVisit ? 'Welcome' : 'Welcome back';
  const analyticsOff = settled && !enabled;

  return (
    <div className="space-y-6">
      <section className="rounded-2xl bg-gradient-to-r from-blue-600 to-indigo-600 p-6 text-white sm:p-8 dark:from-blue-800 dark:to-indigo-900">
        <h1 className="text-2xl font-bold break-words sm:text-3xl">
          {`${greeting}, ${firstName}!`}
        </h1>
        <p className="mt-2 text-blue-50">Here is where your day starts.</p>
        {analyticsOff && (
          <p className="mt-1 text-blue-50">
            Enable analytics in your settings to view your productivity insights.
          </p>
        )}
      </section>
      {analyticsOff ? (
        <AnalyticsDisabledPanel title="Dashboard Analytics Disabled" />
      ) : (
        <DashboardAnalytics settled={settled} />
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <QuickActions />
        <DailyTipCard />
      </div>
    </div>
  );
}
