import { LIST_MESSAGES } from '@daywise/shared/list-messages';
import type { List } from '@daywise/shared/schemas';
import { ChevronRight, Inbox, MoreHorizontal } from 'lucide-react';
import { type DragEvent, type MouseEvent, useEffect, useState, useSyncExternalStore } from 'react';
import { NavLink, useLocation } from 'react-router';

import { IconButton } from '../../components/button';
import { LoadError } from '../../components/load-error';
import { NavCount, NavGroup, navItemClass } from '../../components/nav-item';
import { useNavigateAfterDialogs } from '../../components/use-close-on-back';
import { INBOX, listIdOfPath, listPath } from '../../lib/lists';
import { loadOnce } from '../../lib/load-once';
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
const toolWatchers = new Set<() => void>();
/**
 * Redraws what waits for the tools, once they are here (fetched ahead or on first use); a list's
 * button that had the focus keeps it, though the menu's button replaces it.
 */
function toolsArrived(): void {
  const focused = (document.activeElement as HTMLElement | null)?.dataset.listActions;
  toolWatchers.forEach((watcher) => watcher());
  if (focused !== undefined) {
    requestAnimationFrame(() =>
      [...document.querySelectorAll<HTMLElement>(`[data-list-actions="${CSS.escape(focused)}"]`)]
        .find((button) => button.offsetParent !== null)
        ?.focus(),
    );
  }
}
const tools = loadOnce(() =>
  import('./list-actions').then((module) => {
    // After loadOnce has kept the module, so that the watchers read it.
    setTimeout(toolsArrived);
    return module;
  }),
);
const watchTools = (watcher: () => void) => {
  toolWatchers.add(watcher);
  return () => {
    toolWatchers.delete(watcher);
  };
};
/** The tools, once here; nothing while the page is drawn or hydrated, as on the server. */
const useTools = () => useSyncExternalStore(watchTools, tools.loaded, () => undefined);
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
const LIST_DRAG_TYPE = 'application/x-daywise-list';
let draggedList: List | null = null;
const carriesList = (event: DragEvent) =>
  draggedList !== null && event.dataTransfer.types.includes(LIST_DRAG_TYPE);

/** What a drop on a sidebar row does: a todo moves into it, a list takes its place. */
function useDropTarget(listId: string | null, onList?: (dragged: List) => void) {
  const move = useMoveTodo();
  const [over, setOver] = useState(false);
  const accepts = (event: DragEvent) => carriesTodo(event) || (onList && carriesList(event));
  return {
    over,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (accepts(event)) {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          setOver(true);
        }
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        setOver(false);
        const todo = droppedTodo(event);
        if (todo) {
          event.preventDefault();
          if (todo.listId !== listId) {
            move.mutate({ todo, to: listId });
          }
        } else if (onList && draggedList && carriesList(event)) {
          event.preventDefault();
          onList(draggedList);
        }
      },
    },
  };
}

const dropClass = (over: boolean) => (over ? 'ring-2 ring-blue-600 ring-inset' : '');

function InboxItem({ count, followLink }: { count: number | undefined; followLink: FollowLink }) {
  const to = listPath(INBOX);
  const drop = useDropTarget(null);
  return (
    <li {...drop.handlers}>
      <NavLink
        to={to}
        onClick={(event) => followLink(event, to)}
        className={({ isActive }) => navItemClass(isActive, dropClass(drop.over))}
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
 * The button of a list's actions menu, the same before the menu's code has come and after, as the
 * menu's trigger (which passes its props on).
 */
function ListActionsTrigger({ list, ...props }: { list: List; onClick?: () => void }) {
  return (
    <IconButton
      data-list-actions={list.id}
      label={`Actions for list "${list.name}"`}
      tone="neutral"
      className="absolute top-1/2 right-1 -translate-y-1/2"
      {...props}
    >
      <MoreHorizontal aria-hidden className="size-4" />
    </IconButton>
  );
}

/**
 * A list's actions: the menu once its code is here; before, the same button, which fetches it
 * and opens the menu.
 */
function ListActionsButton({
  list,
  before,
  after,
  onDialog,
  onMove,
  onArchive,
}: {
  list: List;
  before: List | undefined;
  after: List | undefined;
  onDialog: (dialog: OpenDialog) => void;
  onMove: (target: List) => void;
  onArchive: (archived: boolean) => void;
}) {
  const loaded = useTools();
  const [pressed, setPressed] = useState(false);
  if (!loaded) {
    return (
      <ListActionsTrigger
        list={list}
        onClick={() => {
          setPressed(true);
          void loadTools();
        }}
      />
    );
  }
  return (
    <loaded.ListActions
      list={list}
      trigger={<ListActionsTrigger list={list} />}
      before={before}
      after={after}
      defaultOpen={pressed}
      onEdit={() => onDialog({ kind: 'edit', list })}
      onDelete={() => onDialog({ kind: 'delete', list })}
      onMove={onMove}
      onArchive={onArchive}
    />
  );
}

/**
 * A list in the sidebar: its colour, name and open count, a link to its page, and its actions
 * menu (Edit, Move up, Move down, Archive or Restore, Delete). An open list is dragged by its row
 * to another's place; a todo row dropped on it moves into it.
 */
function ListItem({ list, before, after, followLink, onDialog }: ListItemProps) {
  const update = useUpdateList();
  const to = listPath(list.id);
  const moveTo = (target: List) => update.mutate({ list, update: { position: target.position } });
  const drop = useDropTarget(
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
    <li
      {...drop.handlers}
      draggable={!list.archived}
      onDragStart={(event) => {
        draggedList = list;
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData(LIST_DRAG_TYPE, list.id);
      }}
      onDragEnd={() => {
        draggedList = null;
      }}
      className="group relative"
    >
      <NavLink
        to={to}
        onClick={(event) => followLink(event, to)}
        className={({ isActive }) => navItemClass(isActive, `pr-12 ${dropClass(drop.over)}`)}
      >
        <span
          aria-hidden
          className="ml-1 size-3 shrink-0 rounded-full"
          style={{ backgroundColor: list.color }}
        />
        <span className="min-w-0 truncate">{list.name}</span>
        <NavCount count={list.openCount} />
      </NavLink>
      <ListActionsButton
        list={list}
        before={before}
        after={after}
        onDialog={onDialog}
        onMove={moveTo}
        onArchive={(archived) =>
          update.mutate({
            list,
            update: { archived },
            said: archived ? LIST_MESSAGES.listArchived : LIST_MESSAGES.listRestored,
          })
        }
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
