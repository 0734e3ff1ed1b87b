import { MESSAGES } from '@daywise/shared';
import type { AgendaToday } from '@daywise/shared/schemas';
import { Link } from 'react-router';

import { buttonClass } from '../../components/button';
import { formatCalendarDay } from '../../lib/format';
import { AgendaEmpty, AgendaLoadError, AgendaLoading, AgendaRow, AgendaSection } from './agenda-ui';
import { type AgendaEntry, useAgendaToday } from './use-agenda';

/** Today's groups in the order they press: what is late, what is due, then the plans. */
function groupsOf(agenda: AgendaToday): { title: string; entries: AgendaEntry[] }[] {
  const groups = [
    { title: 'Overdue', entries: agenda.overdue.map((item) => ({ kind: 'todo', item }) as const) },
    { title: 'Due Today', entries: agenda.todos.map((item) => ({ kind: 'todo', item }) as const) },
    {
      title: 'Daily Plan',
      entries: agenda.planTasks.map((item) => ({ kind: 'task', item }) as const),
    },
    {
      title: 'Shared Plans',
      entries: agenda.sharedTasks.map((item) => ({ kind: 'shared', item }) as const),
    },
  ];
  return groups.filter((group) => group.entries.length > 0);
}

/**
 * Today (issue 14): overdue and due-today todos, today's plan tasks and today's shared-plan tasks,
 * each ticked in place and linking to where it lives. "Today" is the user's, from the server.
 */
export default function TodayPage() {
  const query = useAgendaToday();
  const agenda = query.data;
  const groups = agenda ? groupsOf(agenda) : [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Today</h1>
          <p className="mt-1 text-gray-600 dark:text-gray-300">
            {agenda ? formatCalendarDay(agenda.date) : 'What is due today'}
          </p>
        </div>
        <Link to="/dashboard/review" className={buttonClass('secondary', 'sm')}>
          Review your day
        </Link>
      </div>
      {!agenda ? (
        query.isError ? (
          <AgendaLoadError onRetry={() => void query.refetch()} />
        ) : (
          <AgendaLoading />
        )
      ) : groups.length === 0 ? (
        <AgendaEmpty message={MESSAGES.nothingDueToday} />
      ) : (
        groups.map((group) => (
          <AgendaSection key={group.title} title={group.title} count={group.entries.length}>
            <ul className="space-y-2">
              {group.entries.map((entry) => (
                <AgendaRow
                  key={`${entry.kind}:${entry.item.id}`}
                  entry={entry}
                  today={agenda.date}
                  bucket="today"
                />
              ))}
            </ul>
          </AgendaSection>
        ))
      )}
    </div>
  );
}
