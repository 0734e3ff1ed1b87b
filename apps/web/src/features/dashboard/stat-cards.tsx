import type { DashboardSummary } from '@daywise/shared/schemas';
// Icons the app already ships: every lucide icon lands in the shared first-load chunk.
import { Calendar, CalendarCheck, CalendarDays, Clock, ListTodo } from 'lucide-react';
import type { ComponentType } from 'react';

import { Card } from '../../components/card';

interface StatCardProps {
  label: string;
  value: string | undefined;
  detail: string | undefined;
  /**
   * What the card counts, after its detail: the spec's labels 'Today' and 'Daily Todos' alone
   * read alike (docs/product/dashboard.md, Stat cards).
   */
  counts?: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  tone: string;
}

function StatCard({ label, value, detail, counts, icon: Icon, tone }: StatCardProps) {
  return (
    <Card radius="xl" className="relative min-w-0 p-4">
      <dt className="pr-9 text-sm text-gray-600 dark:text-gray-300">
        {label}
        <span className={`absolute top-3 right-3 rounded-lg p-1.5 ${tone}`}>
          <Icon aria-hidden className="size-4" />
        </span>
      </dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value ?? '–'}</dd>
      <dd className="min-h-5 text-sm text-gray-600 dark:text-gray-300">
        <span>{detail}</span>
        {counts && <span> {counts}</span>}
      </dd>
    </Card>
  );
}

const count = (value: number) => value.toLocaleString('en-US');

type Reading = Pick<StatCardProps, 'value' | 'detail'>;

/** '3/5' over '60%'. */
function fraction(part: { completed: number; total: number; percentage: number } | undefined) {
  return {
    value: part && `${count(part.completed)}/${count(part.total)}`,
    detail: part && `${part.percentage}%`,
  } satisfies Reading;
}

/** '12' over 'tasks completed'. */
function completed(part: { completed: number } | undefined) {
  return {
    value: part && count(part.completed),
    detail: part && 'tasks completed',
  } satisfies Reading;
}

/** '3' over 'todos due today', or '3' over '2 overdue' when some are late. */
function due(part: DashboardSummary['dueToday'] | undefined) {
  return {
    value: part && count(part.dueToday),
    detail: part && (part.overdue > 0 ? `${count(part.overdue)} overdue` : 'todos due today'),
  } satisfies Reading;
}

/** Each card: its label, how it reads the summary, its icon and colours. */
const CARDS: (Omit<StatCardProps, 'value' | 'detail'> & {
  read: (summary: DashboardSummary | undefined) => Reading;
})[] = [
  {
    label: 'Today',
    counts: 'of today’s plan',
    read: (summary) => fraction(summary?.today),
    icon: CalendarCheck,
    tone: 'bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300',
  },
  {
    label: 'This Week',
    read: (summary) => completed(summary?.week),
    icon: CalendarDays,
    tone: 'bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300',
  },
  {
    label: 'This Month',
    read: (summary) => completed(summary?.month),
    icon: Calendar,
    tone: 'bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300',
  },
  {
    label: 'Daily Todos',
    counts: 'of todos added today',
    read: (summary) => fraction(summary?.dailyTodos),
    icon: ListTodo,
    tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  },
  {
    label: 'Due Today',
    read: (summary) => due(summary?.dueToday),
    icon: Clock,
    tone: 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300',
  },
];

/**
 * Today, This Week, This Month, Daily Todos and Due Today. Without a summary (loading, or the
 * load failed) every card shows '–'.
 */
export function StatCards({ summary }: { summary: DashboardSummary | undefined }) {
  return (
    <section aria-labelledby="dashboard-stats">
      <h2 id="dashboard-stats" className="sr-only">
        Your progress
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        {CARDS.map(({ read, ...card }) => (
          <StatCard key={card.label} {...card} {...read(summary)} />
        ))}
      </dl>
    </section>
  );
}
