import { MESSAGES } from '@daywise/shared';
import type { DashboardSummary, HabitItem, StreakItem } from '@daywise/shared/schemas';
import { Flame } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';

import { StreakBadge } from '../../components/repeat-info';
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

function HabitRow({ item }: { item: HabitItem }) {
  return (
    <li className="flex items-center justify-between gap-3 py-2 first:pt-0 last:pb-0">
      <Link
        to="/dashboard/todos"
        className="min-w-0 truncate rounded font-medium hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
        title={item.title}
      >
        {item.title}
      </Link>
      <span className="flex shrink-0 items-center gap-3 text-sm">
        <StreakBadge habit={item} />
        <span className="text-xs text-gray-500 dark:text-gray-400">
          Best {item.best.toLocaleString('en-US')}
        </span>
      </span>
    </li>
  );
}

/** Habits: repeating todos and their streaks, longest first, as the server ranks them. */
function Habits({ habits }: { habits: HabitItem[] | undefined }) {
  const headingId = useId();
  let body;
  if (!habits) {
    body = <p className="text-sm text-gray-600 dark:text-gray-300">–</p>;
  } else if (habits.length === 0) {
    body = <p className="text-sm text-gray-600 dark:text-gray-300">{MESSAGES.noHabitsYet}</p>;
  } else {
    body = (
      <ul className="divide-y divide-gray-100 dark:divide-gray-800">
        {habits.map((item) => (
          <HabitRow key={item.todoId} item={item} />
        ))}
      </ul>
    );
  }
  return (
    <section
      aria-labelledby={headingId}
      className="mt-5 border-t border-gray-100 pt-4 dark:border-gray-800"
    >
      <h3 id={headingId} className="mb-3 text-sm font-semibold">
        Habits
      </h3>
      {body}
    </section>
  );
}

/**
 * Daily Streaks: the top five, ranked by the server, and the user's current streak
 * of days with a plan; beside them the habits, repeating todos with their streaks and freezes
 * (docs/product/todos.md, "Repeating todos and habits").
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
      <Habits habits={summary?.habits} />
    </DashboardPanel>
  );
}
