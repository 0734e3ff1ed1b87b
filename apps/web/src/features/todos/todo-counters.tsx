import type { TodoStats } from '@daywise/shared/schemas';
import { CheckCircle2, Circle, ListTodo, TrendingUp } from 'lucide-react';
import type { ComponentType } from 'react';

import { Card } from '../../components/card';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { statsWithout, useHiddenTodos, useTodoStats } from './use-todos';

interface CounterProps {
  label: string;
  value: string | undefined;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  tone: string;
}

function Counter({ label, value, icon: Icon, tone }: CounterProps) {
  return (
    <Card radius="xl" className="flex items-center gap-3 p-4">
      <span className={`rounded-lg p-2 ${tone}`}>
        <Icon aria-hidden className="size-5" />
      </span>
      <dl className="min-w-0">
        <dt className="text-sm text-gray-600 dark:text-gray-300">{label}</dt>
        <dd className="text-2xl font-bold tabular-nums">{value ?? '–'}</dd>
      </dl>
    </Card>
  );
}

const count = (value: number) => value.toLocaleString('en-US');

/** Each counter: its label, how it reads the stats, its icon and colours. */
const COUNTERS: (Omit<CounterProps, 'value'> & { read: (stats: TodoStats) => string })[] = [
  {
    label: 'Total Tasks',
    read: (stats) => count(stats.total),
    icon: ListTodo,
    tone: 'bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300',
  },
  {
    label: 'Completed',
    read: (stats) => count(stats.completed),
    icon: CheckCircle2,
    tone: 'bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300',
  },
  {
    label: 'Pending',
    read: (stats) => count(stats.pending),
    icon: Circle,
    tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  },
  {
    label: 'Completion Rate',
    read: (stats) => `${stats.completionRate}%`,
    icon: TrendingUp,
    tone: 'bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300',
  },
];

/**
 * Total Tasks, Completed, Pending and Completion Rate, as the server counts them, less the todos
 * whose delete waits for its undo window; if they could not be read, the counters show dashes
 * above the message and a Try Again.
 */
export function TodoCounters() {
  const { data: counted, isError, refetch } = useTodoStats();
  const hidden = useHiddenTodos();
  const data = counted && statsWithout(counted, hidden);
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {COUNTERS.map(({ read, ...counter }) => (
          <Counter key={counter.label} {...counter} value={data && read(data)} />
        ))}
      </div>
      {isError && !data && (
        <div role="alert">
          <LoadError
            message="We could not load your todo counts."
            onRetry={() => void refetch()}
            className={errorPanelClass}
          />
        </div>
      )}
    </div>
  );
}
