import { addDays } from '@daywise/shared';
import { formatMinutes } from '@daywise/shared/focus-messages';
import type { Review, ReviewTask, Todo } from '@daywise/shared/schemas';
import { CheckCircle2, Flame, Timer } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';

import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { formatCalendarDay } from '../../lib/format';
import { AgendaLoadError, AgendaLoading, AgendaSection } from './agenda-ui';
import { MoveToDayDialog } from './move-to-day-dialog';
import { useRescheduleReview, useReview } from './use-review';

/** One unfinished item: a todo (due today or before) or a task of today's plan. */
type Unfinished = { kind: 'todo'; item: Todo } | { kind: 'task'; item: ReviewTask };

const idsOf = (items: Unfinished[]) => ({
  todoIds: items.flatMap((entry) => (entry.kind === 'todo' ? [entry.item.id] : [])),
  taskIds: items.flatMap((entry) => (entry.kind === 'task' ? [entry.item.id] : [])),
});

/** Where an unfinished item stands: its due day, or its plan. */
function whereItStands(entry: Unfinished, today: string): string {
  if (entry.kind === 'task') {
    return `Daily plan: ${entry.item.planTitle}`;
  }
  const due = entry.item.dueDate ?? today;
  return due < today ? `Overdue since ${formatCalendarDay(due)}` : 'Due today';
}

/** What the review did with a task already: it stays unfinished in today's record. */
function taskOutcome(task: ReviewTask): string | null {
  if (task.carriedTo) {
    return `Moved to ${formatCalendarDay(task.carriedTo)} as a todo`;
  }
  return task.dropped ? 'Dropped' : null;
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Card className="flex items-center gap-3 p-4">
      {icon}
      <div>
        <p className="text-sm text-gray-600 dark:text-gray-300">{label}</p>
        <p className="text-xl font-semibold">{value}</p>
      </div>
    </Card>
  );
}

interface UnfinishedRowProps {
  entry: Unfinished;
  today: string;
  onMove: (entry: Unfinished, to: string | null) => void;
  onPick: (entry: Unfinished) => void;
}

function UnfinishedRow({ entry, today, onMove, onPick }: UnfinishedRowProps) {
  const outcome = entry.kind === 'task' ? taskOutcome(entry.item) : null;
  const { title } = entry.item;
  return (
    <Card as="li" className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="min-w-0">
        <p className="font-medium break-words">{title}</p>
        <p className="text-sm text-gray-600 dark:text-gray-300">{whereItStands(entry, today)}</p>
      </div>
      {outcome ? (
        <p className="text-sm font-medium text-gray-700 dark:text-gray-200">{outcome}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Move “${title}” to tomorrow`}
            onClick={() => onMove(entry, addDays(today, 1))}
          >
            Tomorrow
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Pick a date for “${title}”`}
            onClick={() => onPick(entry)}
          >
            Pick a date
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Drop “${title}”`}
            onClick={() => onMove(entry, null)}
          >
            Drop
          </Button>
        </div>
      )}
    </Card>
  );
}

function DoneList({ review }: { review: Review }) {
  const done = [...review.done.todos, ...review.done.tasks];
  return (
    <AgendaSection title="Done today" count={done.length}>
      {done.length === 0 ? (
        <p className="text-gray-600 dark:text-gray-300">Nothing completed yet today.</p>
      ) : (
        <ul className="space-y-2">
          {done.map((item) => (
            <Card as="li" key={item.id} className="flex items-center gap-3 p-4">
              <CheckCircle2 aria-hidden className="size-5 shrink-0 text-green-600" />
              <span className="break-words">{item.title}</span>
            </Card>
          ))}
        </ul>
      )}
    </AgendaSection>
  );
}

/**
 * The end-of-day review (issue 33, ADR 0033): what was done today and what was not, with a way to
 * move each unfinished item to tomorrow or another day, or drop it, and one to move them all.
 * Today is the user's, from the server.
 */
export default function ReviewPage() {
  const query = useReview();
  const reschedule = useRescheduleReview();
  const [picking, setPicking] = useState<Unfinished | null>(null);
  const review = query.data;

  if (!review) {
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-bold">Review your day</h1>
        {query.isError ? (
          <AgendaLoadError onRetry={() => void query.refetch()} />
        ) : (
          <AgendaLoading />
        )}
      </div>
    );
  }

  const today = review.date;
  const unfinished: Unfinished[] = [
    ...review.open.todos.map((item) => ({ kind: 'todo', item }) as const),
    ...review.open.tasks.map((item) => ({ kind: 'task', item }) as const),
  ];
  const waiting = unfinished.filter((entry) => entry.kind === 'todo' || !taskOutcome(entry.item));
  const move = (entries: Unfinished[], to: string | null) =>
    reschedule.mutate({ to, ...idsOf(entries) });

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Review your day</h1>
        <p className="mt-1 text-gray-600 dark:text-gray-300">{formatCalendarDay(today)}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat
          icon={<CheckCircle2 aria-hidden className="size-6 text-green-600" />}
          label="Completed today"
          value={String(review.completions)}
        />
        <Stat
          icon={<Timer aria-hidden className="size-6 text-blue-600 dark:text-blue-400" />}
          label="Focused today"
          value={formatMinutes(review.focusMinutes)}
        />
        <Stat
          icon={<Flame aria-hidden className="size-6 text-orange-500" />}
          label="Current streak"
          value={review.streak === 1 ? '1 day' : `${review.streak} days`}
        />
      </div>
      <DoneList review={review} />
      <AgendaSection title="Not done" count={unfinished.length}>
        {waiting.length > 0 && (
          <Button size="sm" onClick={() => move(waiting, addDays(today, 1))}>
            Move all to tomorrow
          </Button>
        )}
        {unfinished.length === 0 ? (
          <Card className="p-6 text-center">
            <p className="font-semibold">Nothing left for today.</p>
            <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">
              See what is coming on{' '}
              <Link to="/dashboard/upcoming" className="underline">
                Upcoming
              </Link>
              .
            </p>
          </Card>
        ) : (
          <ul className="space-y-2">
            {unfinished.map((entry) => (
              <UnfinishedRow
                key={`${entry.kind}:${entry.item.id}`}
                entry={entry}
                today={today}
                onMove={(item, to) => move([item], to)}
                onPick={setPicking}
              />
            ))}
          </ul>
        )}
      </AgendaSection>
      {picking && (
        <MoveToDayDialog
          title={picking.item.title}
          day={addDays(today, 1)}
          today={today}
          onMove={(day) => move([picking], day)}
          onClose={() => setPicking(null)}
        />
      )}
    </div>
  );
}
