import { MESSAGES } from '@daywise/shared';
import { Inbox, Loader2, Zap } from 'lucide-react';
import { useParams } from 'react-router';

import { Button } from '../../components/button';
import { DashboardNotFound } from '../../components/dashboard-not-found';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { findList, INBOX } from '../../lib/lists';
import { requestQuickAdd } from '../../lib/quick-add-request';
import { TodoBoard } from './todo-board';
import { useLists, useUpdateList } from './use-lists';

/**
 * A list's page, `/dashboard/lists/:id`, and the Inbox's, `/dashboard/lists/inbox` (issue 32,
 * ADR 0029): the todo page's search, filters, sorts and undo within the list, where New Todo and
 * Quick add put a todo into it. A list that is not the user's (unknown, deleted, another user's)
 * is the dashboard's 'Page not found'.
 */
export default function ListPage() {
  const id = useParams().id ?? '';
  const lists = useLists();
  const update = useUpdateList();

  if (lists.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-gray-600 dark:text-gray-300">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        Loading...
      </p>
    );
  }
  if (lists.isError && !lists.data) {
    return (
      <div role="alert">
        <LoadError
          message={MESSAGES.listsLoadFailed}
          onRetry={() => void lists.refetch()}
          className={errorPanelClass}
        />
      </div>
    );
  }
  const inbox = id === INBOX;
  const list = findList(lists.data, id);
  if (!inbox && !list) {
    return <DashboardNotFound />;
  }

  const quickAddButton = (
    <Button variant="secondary" onClick={requestQuickAdd}>
      <Zap aria-hidden className="size-5" />
      Quick add
    </Button>
  );
  return (
    <TodoBoard
      key={id}
      scope={id}
      title={
        <span className="inline-flex items-center gap-3">
          {list ? (
            <span
              aria-hidden
              className="size-4 shrink-0 rounded-full"
              style={{ backgroundColor: list.color }}
            />
          ) : (
            <Inbox aria-hidden className="size-6" />
          )}
          {list?.name ?? 'Inbox'}
        </span>
      }
      intro={
        list?.archived ? (
          <span className="inline-flex flex-wrap items-center gap-2">
            This list is archived.
            <Button
              variant="link"
              onClick={() =>
                update.mutate({ list, update: { archived: false }, said: MESSAGES.listRestored })
              }
            >
              Restore
            </Button>
          </span>
        ) : inbox ? (
          'Todos in no list land here.'
        ) : (
          'Todos added here go into this list.'
        )
      }
      actions={quickAddButton}
      empty={
        <div className="space-y-3">
          <p>{inbox ? MESSAGES.inboxEmpty : MESSAGES.listEmpty}</p>
          <Button size="sm" variant="outline" onClick={requestQuickAdd}>
            <Zap aria-hidden className="size-4" />
            Quick add a todo
          </Button>
        </div>
      }
    />
  );
}
