import { MESSAGES, type RealtimeEvent } from '@daywise/shared';
import { plansApi, sharedPlansApi, todosApi } from '@daywise/shared/api';
import type {
  AgendaCounts,
  AgendaDay,
  AgendaPlanTask,
  AgendaSharedTask,
  AgendaToday,
  AgendaUpcoming,
  Todo,
} from '@daywise/shared/schemas';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';

import { focusToggle } from '../../components/toggle-checkbox';
import { callApi } from '../../lib/api-client';
import { useOptimisticMutation } from '../../lib/optimistic';
import { queryKeys } from '../../lib/query-keys';
import { useRealtimeEvent } from '../../lib/realtime';
import { announceRepeatDone, useUndoOccurrence } from '../../lib/repeats';
import { useToday } from '../../lib/settings';
import { notify, undoAction } from '../../lib/toast';
import { agendaQueries } from './api';

export const useAgendaToday = () => useQuery(agendaQueries.today());
export const useAgendaUpcoming = () => useQuery(agendaQueries.upcoming());
export const useAgendaCounts = () => useQuery(agendaQueries.counts());

/** One row of Today or Upcoming: a todo, a task of the user's plan, or a shared-plan task. */
export type AgendaEntry =
  | { kind: 'todo'; item: Todo }
  | { kind: 'task'; item: AgendaPlanTask }
  | { kind: 'shared'; item: AgendaSharedTask };

/** The checkbox's key across pages ('todo:42'), as the todos and daily-goals pages name it. */
export const entryFocusKey = ({ kind, item }: AgendaEntry) =>
  `${kind === 'shared' ? 'shared-task' : kind}:${item.id}`;

interface AgendaToggle {
  entry: AgendaEntry;
  completed: boolean;
  /** Which badge the item is counted in: Today's or Upcoming's. */
  bucket: keyof AgendaCounts;
}

/** Through the endpoint that owns the item, exactly as its own page ticks it. */
function send({ entry, completed }: AgendaToggle): Promise<unknown> {
  const body = { completed };
  switch (entry.kind) {
    case 'todo':
      return callApi(todosApi.update, { params: { id: entry.item.id }, body });
    case 'task':
      return callApi(plansApi.updateTask, {
        params: { id: entry.item.planId, taskId: entry.item.id },
        body,
      });
    case 'shared':
      return callApi(sharedPlansApi.updateTask, {
        params: { id: entry.item.planId, taskId: entry.item.id },
        body,
      });
  }
}

function marked<T extends { id: string; completed: boolean }>(
  items: T[],
  id: string,
  change: Partial<T>,
): T[] {
  return items.map((item) => (item.id === id ? { ...item, ...change } : item));
}

/** The day with the entry ticked or unticked wherever it is listed. */
function markDay<D extends AgendaDay & { overdue?: Todo[] }>(
  day: D,
  { entry, completed }: AgendaToggle,
): D {
  const id = entry.item.id;
  switch (entry.kind) {
    case 'todo': {
      const change = { completed, completedAt: completed ? new Date().toISOString() : null };
      return {
        ...day,
        todos: marked(day.todos, id, change),
        ...(day.overdue ? { overdue: marked(day.overdue, id, change) } : {}),
      };
    }
    case 'task':
      return { ...day, planTasks: marked(day.planTasks, id, { completed }) };
    case 'shared':
      return { ...day, sharedTasks: marked(day.sharedTasks, id, { completed }) };
  }
}

function applyToggle(queryClient: QueryClient, toggle: AgendaToggle): void {
  queryClient.setQueryData<AgendaToday>(
    queryKeys.agenda.today,
    (today) => today && markDay(today, toggle),
  );
  queryClient.setQueryData<AgendaUpcoming>(
    queryKeys.agenda.upcoming,
    (upcoming) => upcoming && { days: upcoming.days.map((day) => markDay(day, toggle)) },
  );
  queryClient.setQueryData<AgendaCounts>(
    queryKeys.agenda.counts,
    (counts) =>
      counts && {
        ...counts,
        [toggle.bucket]: Math.max(0, counts[toggle.bucket] + (toggle.completed ? -1 : 1)),
      },
  );
}

/** What each kind says, and what else reads it again: its own page and the dashboard's figures. */
const KINDS = {
  todo: {
    failed: MESSAGES.todoUpdateFailed,
    done: MESSAGES.todoCompleted,
    undone: MESSAGES.todoMarkedPending,
    refresh: [queryKeys.todos.all, queryKeys.analytics.all],
  },
  task: {
    failed: MESSAGES.taskUpdateFailed,
    done: MESSAGES.taskCompleted,
    undone: MESSAGES.taskMarkedPending,
    refresh: [queryKeys.plans.all, queryKeys.analytics.all],
  },
  // The Social page says nothing when a shared task is ticked; neither does this one.
  shared: {
    failed: MESSAGES.updateTaskFailed,
    done: null,
    undone: null,
    refresh: [queryKeys.social.sharedPlans],
  },
} as const;

/**
 * Ticking an item in place: its box, the lists and the badge change at once and go back, with
 * the item's own failure toast, if the server refuses (ADR 0009). A ticked item stays, struck
 * through, as the server lists what was completed today. Todos and plan tasks offer Undo in the
 * toast, as on their own pages. A repeating todo's toast says its next date instead, its Undo
 * putting that occurrence back (docs/product/todos.md, "Repeating todos and habits").
 */
export function useToggleAgendaItem() {
  const undoOccurrence = useUndoOccurrence();
  const toggle = useOptimisticMutation({
    mutationFn: send,
    touches: () => [queryKeys.agenda.all],
    apply: applyToggle,
    onFailure: (_error, { entry }) => notify.error(KINDS[entry.kind].failed),
    onSuccess: (queryClient, saved, variables) => {
      // A repeating todo moved on to its next occurrence: the server's answer says when.
      const { entry } = variables;
      if (entry.kind === 'todo' && entry.item.repeat && variables.completed) {
        announceRepeatDone(queryClient, saved as Todo, (done) => undoOccurrence.mutate(done));
        return;
      }
      const { done, undone } = KINDS[variables.entry.kind];
      const message = variables.completed ? done : undone;
      if (message) {
        notify.success(message, {
          action: undoAction(() => {
            focusToggle(entryFocusKey(variables.entry));
            toggle.mutate({ ...variables, completed: !variables.completed });
          }),
        });
      }
    },
    refresh: ({ entry }) => [queryKeys.agenda.all, ...KINDS[entry.kind].refresh],
  });
  return toggle;
}

const AGENDA_EVENTS = new Set<RealtimeEvent['type']>([
  'todos.changed',
  'plans.changed',
  'shared-plan.changed',
  'shared-plan.deleted',
  // A friendship that ends with an account takes its shared plans along.
  'friendship.changed',
]);

/**
 * Today, Upcoming and the badges follow changes made in other tabs, devices, or by a friend, and
 * move on to the next day at midnight in the user's time zone while the page stays open.
 */
export function useAgendaRealtime(): void {
  const queryClient = useQueryClient();
  const today = useToday();
  const shownDay = useRef(today);
  useEffect(() => {
    if (shownDay.current !== today) {
      shownDay.current = today;
      void queryClient.invalidateQueries({ queryKey: queryKeys.agenda.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.analytics.all });
    }
  }, [queryClient, today]);
  const listener = useCallback(
    (event: RealtimeEvent) => {
      if (AGENDA_EVENTS.has(event.type)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.agenda.all });
      }
    },
    [queryClient],
  );
  useRealtimeEvent(listener);
}
