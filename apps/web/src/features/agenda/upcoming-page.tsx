import { MESSAGES } from '@daywise/shared';
import { addDays } from '@daywise/shared';
import type { AgendaDay } from '@daywise/shared/schemas';

import { formatCalendarDay } from '../../lib/format';
import { AgendaEmpty, AgendaLoadError, AgendaLoading, AgendaRow, AgendaSection } from './agenda-ui';
import { type AgendaEntry, useAgendaUpcoming } from './use-agenda';

/** A day's items: its todos, then its plan's tasks, then its shared plans' tasks. */
function entriesOf(day: AgendaDay): AgendaEntry[] {
  return [
    ...day.todos.map((item) => ({ kind: 'todo', item }) as const),
    ...day.planTasks.map((item) => ({ kind: 'task', item }) as const),
    ...day.sharedTasks.map((item) => ({ kind: 'shared', item }) as const),
  ];
}

/**
 * Upcoming (issue 14): the next seven days from tomorrow, a heading per day ('Sun, Nov 22, 2026'),
 * each item ticked in place and linking to where it lives.
 */
export default function UpcomingPage() {
  const query = useAgendaUpcoming();
  const days = query.data?.days.map((day) => ({ date: day.date, entries: entriesOf(day) }));
  const first = days?.[0];
  // The day before the first one listed: the rows compare due dates with it.
  const today = first ? addDays(first.date, -1) : '';

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Upcoming</h1>
        <p className="mt-1 text-gray-600 dark:text-gray-300">The next 7 days, starting tomorrow</p>
      </div>
      {!days ? (
        query.isError ? (
          <AgendaLoadError onRetry={() => void query.refetch()} />
        ) : (
          <AgendaLoading />
        )
      ) : days.every((day) => day.entries.length === 0) ? (
        <AgendaEmpty message={MESSAGES.nothingUpcoming} />
      ) : (
        days.map((day) => (
          <AgendaSection key={day.date} title={formatCalendarDay(day.date)}>
            {day.entries.length === 0 ? (
              <p className="text-sm text-gray-600 dark:text-gray-300">{MESSAGES.nothingDueOnDay}</p>
            ) : (
              <ul className="space-y-2">
                {day.entries.map((entry) => (
                  <AgendaRow
                    key={`${entry.kind}:${entry.item.id}`}
                    entry={entry}
                    today={today}
                    bucket="upcoming"
                  />
                ))}
              </ul>
            )}
          </AgendaSection>
        ))
      )}
    </div>
  );
}
