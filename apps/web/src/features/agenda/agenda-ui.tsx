import { MESSAGES } from '@daywise/shared';
import type { AgendaCounts } from '@daywise/shared/schemas';
import { CalendarCheck, Loader2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';

import { buttonClass } from '../../components/button';
import { Card } from '../../components/card';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { PriorityChip } from '../../components/priority-chip';
import { RepeatInfo, SkipButton } from '../../components/repeat-info';
import { ToggleCheckbox } from '../../components/toggle-checkbox';
import { formatCalendarDate } from '../../lib/format';
import { type AgendaEntry, entryFocusKey, useToggleAgendaItem } from './use-agenda';

/** Where an item lives: its list, today's plan, or the shared plans. */
function entryLink(entry: AgendaEntry, today: string): string {
  switch (entry.kind) {
    case 'todo': {
      const due = entry.item.dueDate ?? today;
      if (due < today) {
        return '/dashboard/todos?due=overdue';
      }
      return due === today ? '/dashboard/todos?due=today' : '/dashboard/todos?sort=due';
    }
    case 'task':
      return '/dashboard/daily-goals';
    case 'shared':
      return '/dashboard/social?tab=shared-plans';
  }
}

/** The line under the title: what the item is and where it belongs. */
function entryContext(entry: AgendaEntry, today: string): string {
  switch (entry.kind) {
    case 'todo':
      return entry.item.dueDate && entry.item.dueDate < today
        ? `Todo, due ${formatCalendarDate(entry.item.dueDate)}`
        : 'Todo';
    case 'task':
      return `Daily plan: ${entry.item.planTitle}`;
    case 'shared':
      return `Shared with ${entry.item.otherUser.name}: ${entry.item.planTitle}`;
  }
}

interface AgendaRowProps {
  entry: AgendaEntry;
  /** The user's today, YYYY-MM-DD. */
  today: string;
  bucket: keyof AgendaCounts;
}

/** One item: its checkbox (ticked in place), its title linking to where it lives, and context. */
export function AgendaRow({ entry, today, bucket }: AgendaRowProps) {
  const toggle = useToggleAgendaItem();
  const { item } = entry;
  return (
    <Card as="li" radius="xl" className="flex items-start gap-3 p-4">
      <ToggleCheckbox
        focusKey={entryFocusKey(entry)}
        checked={item.completed}
        label={`Mark "${item.title}" as ${item.completed ? 'pending' : 'completed'}`}
        onToggle={(completed) => toggle.mutateAsync({ entry, completed, bucket })}
      />
      <div className="min-w-0 flex-1">
        <Link
          to={entryLink(entry, today)}
          className={`rounded font-medium break-words hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 ${
            item.completed ? 'text-gray-500 line-through dark:text-gray-400' : ''
          }`}
        >
          {item.title}
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-gray-600 dark:text-gray-300">
          <span className="break-words">{entryContext(entry, today)}</span>
          {entry.kind !== 'shared' && <PriorityChip priority={entry.item.priority} />}
          {entry.kind === 'todo' && <RepeatInfo todo={entry.item} />}
        </div>
      </div>
      {entry.kind === 'todo' && <SkipButton todo={entry.item} />}
    </Card>
  );
}

/** A titled group of rows ('Overdue (2)', or a day of Upcoming). */
export function AgendaSection({
  title,
  count,
  children,
}: {
  title: string;
  count?: number;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
        {count !== undefined && ` (${count})`}
      </h2>
      {children}
    </section>
  );
}

export function AgendaLoading() {
  return (
    <p role="status" className="flex items-center gap-2 text-gray-600 dark:text-gray-300">
      <Loader2 aria-hidden className="size-4 animate-spin" />
      Loading...
    </p>
  );
}

export function AgendaLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert">
      <LoadError
        message={MESSAGES.agendaLoadFailed}
        onRetry={onRetry}
        className={errorPanelClass}
      />
    </div>
  );
}

/** Nothing due: says so and offers the two ways to add something. */
export function AgendaEmpty({ message }: { message: string }) {
  return (
    <Card className="p-8 text-center">
      <CalendarCheck aria-hidden className="mx-auto size-10 text-blue-600 dark:text-blue-400" />
      <p className="mt-3 text-lg font-semibold">{message}</p>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{MESSAGES.nothingDueHint}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <Link to="/dashboard/todos" state={{ openModal: true }} className={buttonClass()}>
          Add a Todo
        </Link>
        <Link to="/dashboard/daily-goals?tab=create" className={buttonClass('secondary')}>
          Plan Your Day
        </Link>
      </div>
    </Card>
  );
}
