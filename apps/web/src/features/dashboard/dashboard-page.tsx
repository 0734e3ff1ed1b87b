import { AnalyticsDisabledPanel } from '../../components/analytics-disabled';
import { useSession } from '../../lib/session';
import { ActivityChart } from './activity-chart';
import { DailyTipCard } from './daily-tip-card';
import { QuickActions } from './quick-actions';
import { StatCards } from './stat-cards';
import { StreaksCard } from './streaks-card';
import { useAnalyticsEnabled, useDashboardSummary } from './use-dashboard';

/** Stat cards, chart and streaks; their requests wait until the settings say tracking is on. */
function DashboardAnalytics({ settled }: { settled: boolean }) {
  const { data: summary } = useDashboardSummary(settled);
  return (
    <>
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
  const analyticsOff = settled && !enabled;

  return (
    <div className="space-y-6">
      <section className="rounded-2xl bg-gradient-to-r from-blue-600 to-indigo-600 p-6 text-white sm:p-8 dark:from-blue-800 dark:to-indigo-900">
        <h1 className="text-2xl font-bold break-words sm:text-3xl">Welcome back, {firstName}!</h1>
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
