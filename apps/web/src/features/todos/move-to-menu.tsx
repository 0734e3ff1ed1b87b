import { LIST_MESSAGES } from '@daywise/shared/list-messages';
import type { Todo } from '@daywise/shared/schemas';
import { SECTION_MESSAGES } from '@daywise/shared/section-messages';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Check, FolderInput, Inbox, Rows3 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';

import { IconButton } from '../../components/button';
import { menuContentClass, menuItemClass } from '../../components/menu';
import { listsQuery, openLists } from '../../lib/lists';
import { useMoveTodo } from './use-move-todo';
import { usePlaceTodo } from './use-place-todo';
import { useSections } from './use-sections';

const labelClass = 'px-3 py-1.5 text-xs font-semibold text-gray-600 dark:text-gray-300';

/** Moving a row among its siblings from the keyboard: each absent at its end of the rows. */
export interface OrderMoves {
  up: (() => void) | undefined;
  down: (() => void) | undefined;
}

/** The order's items, where the row is ordered by hand (a subtask, a todo on a list page). */
function OrderItems({ order }: { order: OrderMoves }) {
  return (
    <>
      <DropdownMenu.Item disabled={!order.up} className={menuItemClass} onSelect={order.up}>
        <ArrowUp aria-hidden className="size-4" />
        Move up
      </DropdownMenu.Item>
      <DropdownMenu.Item disabled={!order.down} className={menuItemClass} onSelect={order.down}>
        <ArrowDown aria-hidden className="size-4" />
        Move down
      </DropdownMenu.Item>
      <DropdownMenu.Separator className="my-1 h-px bg-gray-200 dark:bg-gray-700" />
    </>
  );
}

/** The sections of the todo's own list, and none: a top-level todo moves among them. */
function SectionItems({ todo }: { todo: Todo }) {
  const sections = useSections(todo.listId);
  const place = usePlaceTodo();
  if (!sections.data?.length) {
    return null;
  }
  const choices = [{ id: null, name: SECTION_MESSAGES.noSection }, ...sections.data];
  return (
    <>
      <DropdownMenu.Separator className="my-1 h-px bg-gray-200 dark:bg-gray-700" />
      <DropdownMenu.Label className={labelClass}>Sections</DropdownMenu.Label>
      {choices.map((choice) => {
        const here = choice.id === todo.sectionId;
        return (
          <DropdownMenu.Item
            key={choice.id ?? 'none'}
            disabled={here}
            className={menuItemClass}
            onSelect={() =>
              place.mutate({
                todo,
                to: { sectionId: choice.id },
                said: LIST_MESSAGES.todoMoved(choice.name),
              })
            }
          >
            <Rows3 aria-hidden className="size-4" />
            <span className="flex-1 truncate">{choice.name}</span>
            {here && <Check aria-label="Current section" className="size-4" />}
          </DropdownMenu.Item>
        );
      })}
    </>
  );
}

/** The menu's items, read when it opens: the Inbox and the lists not archived. */
function Destinations({ todo, order }: { todo: Todo; order?: OrderMoves }) {
  const lists = useQuery(listsQuery());
  const move = useMoveTodo();
  const choices = [
    { id: null, name: 'Inbox', color: null },
    ...openLists(lists.data).map(({ id, name, color }) => ({ id, name, color })),
  ];
  if (todo.parentId !== null) {
    // A subtask is always in its parent's list and section (ADR 0027).
    return (
      <>
        {order && <OrderItems order={order} />}
        <p className="px-3 py-2 text-sm text-gray-600 dark:text-gray-300">
          {SECTION_MESSAGES.subtaskMovesWithParent}
        </p>
      </>
    );
  }
  return (
    <>
      {order && <OrderItems order={order} />}
      <DropdownMenu.Label className={labelClass}>Move to…</DropdownMenu.Label>
      {choices.map((choice) => {
        const here = choice.id === todo.listId;
        return (
          <DropdownMenu.Item
            key={choice.id ?? 'inbox'}
            disabled={here}
            className={menuItemClass}
            onSelect={() => move.mutate({ todo, to: choice.id })}
          >
            {choice.color === null ? (
              <Inbox aria-hidden className="size-4" />
            ) : (
              <span
                aria-hidden
                className="size-3 rounded-full"
                style={{ backgroundColor: choice.color }}
              />
            )}
            <span className="flex-1 truncate">{choice.name}</span>
            {here && <Check aria-label="Current list" className="size-4" />}
          </DropdownMenu.Item>
        );
      })}
      {lists.isPending && (
        <p role="status" className="px-3 py-2 text-sm text-gray-600 dark:text-gray-300">
          Loading lists…
        </p>
      )}
      {lists.isError && (
        <p role="alert" className="px-3 py-2 text-sm text-red-700 dark:text-red-400">
          Could not load your lists.
        </p>
      )}
      <SectionItems todo={todo} />
    </>
  );
}

/**
 * A todo row's 'Move to…': Move up and Move down where the row is ordered by hand, the Inbox and
 * the lists, and the sections of the todo's list, every item reached by keyboard. Drawn in the
 * row, not in a portal, so that it stays inside the page's landmarks (axe's 'region').
 */
export function MoveToMenu({ todo, order }: { todo: Todo; order?: OrderMoves }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <IconButton label={`Move "${todo.title}" to…`} tone="row">
          <FolderInput aria-hidden className="size-4" />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" sideOffset={4} className={menuContentClass}>
        <Destinations todo={todo} order={order} />
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
