import { ANALYTICS_RANGES, MESSAGES } from '@daywise/shared';
import { CheckCircle2, Circle, Loader2 } from 'lucide-react';
import { useState } from 'react';

import { Card } from '../../components/card';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { formatCalendarDay } from '../../lib/format';
import { CategoryProgress, PercentRing } from './progress';
import { RangeButtons } from './range-buttons';
import { TagChip } from './task-row';
import { useCompletions } from './use-plans';

/** Daily Completions: the last 7, 30 or 90 days, a card per day with a plan. */
export function Completions() {
  const [days, setDays] = useState<number>(ANALYTICS_RANGES[0]);
  const query = useCompletions(days);
  const list = query.data?.days ?? [];

  return (
    <div className="space-y-4">
      <RangeButtons days={days} onChange={setDays} />
      {query.isPending ? (
        <p role="status" className="flex items-center gap-2 text-gray-600 dark:text-gray-300">
          <Loader2 aria-hidden className="size-4 animate-spin" />
          Loading...
        </p>
      ) : query.isError ? (
        <div role="alert">
          <LoadError
            message="We could not load your completions."
            onRetry={() => void query.refetch()}
            className={errorPanelClass}
          />
        </div>
      ) : list.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-gray-300 p-10 text-center dark:border-gray-700">
          <h2 className="text-lg font-semibold">{MESSAGES.noDailyGoalsFound}</h2>
          <p className="mt-1 text-gray-600 dark:text-gray-300">
            Plans you make in the last {days} days show up here with how much of each you got done.
          </p>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {list.map((day) => (
            <Card as="li" key={day.planId} className="space-y-4 p-5">
              <div className="flex items-center gap-4">
                <PercentRing value={day.completionPercentage} />
                <div className="min-w-0">
                  <h2 className="font-semibold">{formatCalendarDay(day.date)}</h2>
                  <p className="break-words text-gray-700 dark:text-gray-300">{day.title}</p>
                  <p className="text-sm text-gray-600 tabular-nums dark:text-gray-400">
                    {day.completedTasks} of {day.totalTasks} tasks
                  </p>
                </div>
              </div>
              <CategoryProgress stats={day.tagStats} />
              <ul className="space-y-1.5 text-sm">
                {day.tasks.map((task) => (
                  <li key={task.id} className="flex items-center gap-2">
                    {task.completed ? (
                      <CheckCircle2 aria-label="Done" className="size-4 shrink-0 text-green-600" />
                    ) : (
                      <Circle aria-label="Not done" className="size-4 shrink-0 text-gray-400" />
                    )}
                    <span className={task.completed ? '' : 'text-gray-600 dark:text-gray-400'}>
                      {task.title}
                    </span>
                    {task.tag && <TagChip name={task.tag} color={task.tagColor} />}
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </ul>
      )}
    </div>
  );
}
