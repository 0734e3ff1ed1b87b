import type { DashboardSummary, StreakItem } from '@daywise/shared/schemas';
import { Flame } from 'lucide-react';

import { formatCalendarDate } from '../../lib/format';
import { DashboardPanel } from './dashboard-panel';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

function StreakRow({ item, rank }: { item: StreakItem; rank: number }) {
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-blue-100 text-sm font-bold text-blue-700 dark:bg-blue-950 dark:text-blue-300">
        #{rank}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium" title={item.title}>
          {item.title}
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600 dark:text-gray-300">
          <span>{plural(item.totalCompletions, 'completion', 'completions')}</span>
          <span className="inline-flex items-center gap-1 font-medium text-orange-700 dark:text-orange-300">
            <Flame aria-hidden className="size-4" />
            {item.streak.toLocaleString('en-US')}-day streak
          </span>
        </p>
        <p className="mt-0.5 text-xs text-gray-500 dark:text-gray-400">
          Last: {formatCalendarDate(item.lastCompletedDate)}
        </p>
      </div>
    </li>
  );
}

/**
 * Daily Streaks: the top five, ranked by the server, and the user's current streak
 * of days with a plan.
 */
export function StreaksCard({ summary }: { summary: DashboardSummary | undefined }) {
  let body;
  if (!summary) {
    body = <p className="text-sm text-gray-600 dark:text-gray-300">–</p>;
  } else if (summary.streaks.length === 0) {
    body = <p className="text-sm text-gray-600 dark:text-gray-300">No completions yet</p>;
  } else {
    body = (
      <ol className="divide-y divide-gray-100 dark:divide-gray-800">
        {summary.streaks.map((item, index) => (
          <StreakRow key={item.id} item={item} rank={index + 1} />
        ))}
      </ol>
    );
  }

  return (
    <DashboardPanel id="dashboard-streaks" title="Daily Streaks">
      <p className="mt-1 inline-flex items-center gap-1.5 text-sm text-gray-600 dark:text-gray-300">
        <Flame aria-hidden className="size-4 text-orange-600 dark:text-orange-400" />
        Current streak: {summary ? plural(summary.currentStreak, 'day', 'days') : '–'}
      </p>
      <div className="mt-4">{body}</div>
    </DashboardPanel>
  );
}
