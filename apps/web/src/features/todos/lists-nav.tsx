import { LIST_MESSAGES } from '@daywise/shared/list-messages';
import type { List } from '@daywise/shared/schemas';
import { ChevronRight, Inbox } from 'lucide-react';
import { type MouseEvent, useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router';

import { LoadError } from '../../components/load-error';
import { NavActionsButton, navTools } from '../../components/nav-actions';
import { NavCount, NavGroup, navItemClass } from '../../components/nav-item';
import { rowDrag, useDropTarget } from '../../components/nav-reorder';
import { useNavigateAfterDialogs } from '../../components/use-close-on-back';
import { INBOX, listIdOfPath, listPath } from '../../lib/lists';
import { useLoaded } from '../../lib/load-once';
import { notify } from '../../lib/toast';
import { carriesTodo, droppedTodo } from '../../lib/todo-drag';
import { useLists, useUpdateList } from './use-lists';
import { useMoveTodo } from './use-move-todo';

type FollowLink = (event: MouseEvent<HTMLAnchorElement>, to: string) => void;

type OpenDialog =
  | { kind: 'none' }
  | { kind: 'new' }
  | { kind: 'edit'; list: List }
  | { kind: 'delete'; list: List };

/**
 * The lists' actions menu and dialogs, fetched once the browser is idle or when first used: the
 * sidebar shows and counts without them (ADR 0029).
 */
const tools = navTools(() => import('./list-actions'));
const useTools = () => useLoaded(tools);
/** Fetches the tools and redraws what waits for them; a failure says so and is tried again. */
async function loadTools(): Promise<boolean> {
  try {
    await tools.load();
    return true;
  } catch {
    notify.error(LIST_MESSAGES.listToolsLoadFailed);
    return false;
  }
}

/** A list dragged by its sidebar row, to be dropped on another's place. */
const listDrag = rowDrag<List>('application/x-daywise-list');

/** What a drop on a sidebar row does: a todo moves into it, a list takes its place. */
function useListDropTarget(listId: string | null, onList?: (dragged: List) => void) {
  const move = useMoveTodo();
  return useDropTarget(
    (event) => carriesTodo(event) || (onList !== undefined && listDrag.carried(event) !== null),
    (event) => {
      const todo = droppedTodo(event);
      const list = listDrag.carried(event);
      if (todo) {
        if (todo.listId !== listId) {
          move.mutate({ todo, to: listId });
        }
      } else if (onList && list) {
        onList(list);
      }
    },
  );
}

function InboxItem({ count, followLink }: { count: number | undefined; followLink: FollowLink }) {
  const to = listPath(INBOX);
  const drop = useListDropTarget(null);
  return (
    <li {...drop.handlers}>
      <NavLink
        to={to}
        onClick={(event) => followLink(event, to)}
        className={({ isActive }) => navItemClass(isActive, drop.className)}
      >
        <Inbox aria-hidden className="size-5" />
        Inbox
        <NavCount count={count} />
      </NavLink>
    </li>
  );
}

interface ListItemProps {
  list: List;
  /** The open list before and after it, whose places Move up and Move down take. */
  before: List | undefined;
  after: List | undefined;
  followLink: FollowLink;
  onDialog: (dialog: OpenDialog) => void;
}

/**
 * A list in the sidebar: its colour, name and open count, a link to its page, and its actions
 * menu (Edit, Move up, Move down, Archive or Restore, Delete). An open list is dragged by its row
 * to another's place; a todo row dropped on it moves into it.
 */
function ListItem({ list, before, after, followLink, onDialog }: ListItemProps) {
  const update = useUpdateList();
  const to = listPath(list.id);
  const actionsKey = `list:${list.id}`;
  const moveTo = (target: List) => update.mutate({ list, update: { position: target.position } });
  const drop = useListDropTarget(
    list.id,
    list.archived
      ? undefined
      : (dragged) => {
          if (dragged.id !== list.id) {
            update.mutate({ list: dragged, update: { position: list.position } });
          }
        },
  );

  return (
    <li {...drop.handlers} {...listDrag.source(list, !list.archived)} className="group relative">
      <NavLink
        to={to}
        onClick={(event) => followLink(event, to)}
        className={({ isActive }) => navItemClass(isActive, `pr-12 ${drop.className}`)}
      >
        <span
          aria-hidden
          className="ml-1 size-3 shrink-0 rounded-full"
          style={{ backgroundColor: list.color }}
        />
        <span className="min-w-0 truncate">{list.name}</span>
        <NavCount count={list.openCount} />
      </NavLink>
      <NavActionsButton
        tools={tools}
        actionsKey={actionsKey}
        label={`Actions for list "${list.name}"`}
        load={() => void loadTools()}
        menu={(loaded, trigger, defaultOpen) => (
          <loaded.ListActions
            list={list}
            trigger={trigger}
            actionsKey={actionsKey}
            before={before}
            after={after}
            defaultOpen={defaultOpen}
            onEdit={() => onDialog({ kind: 'edit', list })}
            onDelete={() => onDialog({ kind: 'delete', list })}
            onMove={moveTo}
            onArchive={(archived) =>
              update.mutate({
                list,
                update: { archived },
                said: archived ? LIST_MESSAGES.listArchived : LIST_MESSAGES.listRestored,
              })
            }
          />
        )}
      />
    </li>
  );
}

/**
 * The sidebar's lists (issue 32): the Inbox and the user's lists with their open counts, kept
 * live by the todo and list events (lib/realtime.ts), 'New list', and the archived lists folded
 * away under 'Archived', each restorable from its menu.
 */
export function ListsNav({ followLink }: { followLink: FollowLink }) {
  const lists = useLists();
  const navigate = useNavigateAfterDialogs();
  const { pathname } = useLocation();
  const [dialog, setDialog] = useState<OpenDialog>({ kind: 'none' });
  const loaded = useTools();
  useEffect(() => tools.prefetchOnceActive(), []);
  const all = lists.data?.lists ?? [];
  const open = all.filter((list) => !list.archived);
  const archived = all.filter((list) => list.archived);
  const close = () => setDialog({ kind: 'none' });

  return (
    <NavGroup
      title="Lists"
      addLabel="New list"
      onAdd={() => void loadTools().then((ready) => ready && setDialog({ kind: 'new' }))}
    >
      <ul className="mt-1 space-y-1">
        <InboxItem count={lists.data?.inbox.openCount} followLink={followLink} />
        {open.map((list, index) => (
          <ListItem
            key={list.id}
            list={list}
            before={open[index - 1]}
            after={open[index + 1]}
            followLink={followLink}
            onDialog={setDialog}
          />
        ))}
      </ul>
      {lists.isError && !lists.data && (
        <div role="alert">
          <LoadError
            message={LIST_MESSAGES.listsLoadFailed}
            onRetry={() => void lists.refetch()}
            className="px-3 py-2 text-sm text-red-700 dark:text-red-400"
          />
        </div>
      )}
      {archived.length > 0 && (
        <details className="group/archived mt-2">
          <summary
            data-archived-lists
            className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-3 text-sm font-medium text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-gray-200 dark:hover:bg-gray-800"
          >
            <ChevronRight
              aria-hidden
              className="size-4 transition-transform group-open/archived:rotate-90"
            />
            Archived ({archived.length})
          </summary>
          <ul className="mt-1 space-y-1">
            {archived.map((list) => (
              <ListItem
                key={list.id}
                list={list}
                before={undefined}
                after={undefined}
                followLink={followLink}
                onDialog={setDialog}
              />
            ))}
          </ul>
        </details>
      )}
      {loaded && dialog.kind === 'new' && <loaded.ListDialog list={null} onClose={close} />}
      {loaded && dialog.kind === 'edit' && <loaded.ListDialog list={dialog.list} onClose={close} />}
      {loaded && dialog.kind === 'delete' && (
        <loaded.DeleteListDialog
          list={dialog.list}
          onClose={close}
          onDeleted={(list) => {
            if (listIdOfPath(pathname) === list.id) {
              navigate(listPath(INBOX));
            }
          }}
        />
      )}
    </NavGroup>
  );
}
