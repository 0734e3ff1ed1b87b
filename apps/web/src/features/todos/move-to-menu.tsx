import type { Todo } from '@daywise/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { Check, FolderInput, Inbox } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';

import { IconButton } from '../../components/button';
import { menuContentClass, menuItemClass } from '../../components/menu';
import { listsQuery, openLists } from '../../lib/lists';
import { useMoveTodo } from './use-move-todo';

/** The menu's items, read when it opens: the Inbox and the lists not archived. */
function Destinations({ todo }: { todo: Todo }) {
  const lists = useQuery(listsQuery());
  const move = useMoveTodo();
  const choices = [
    { id: null, name: 'Inbox', color: null },
    ...openLists(lists.data).map(({ id, name, color }) => ({ id, name, color })),
  ];
  return (
    <>
      <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold text-gray-600 dark:text-gray-300">
        Move to…
      </DropdownMenu.Label>
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
    </>
  );
}

/**
 * A todo row's 'Move to…': a menu of the Inbox and the lists, every item reached by keyboard. Drawn
 * in the row, not in a portal, so that it stays inside the page's landmarks (axe's 'region').
 */
export function MoveToMenu({ todo }: { todo: Todo }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <IconButton label={`Move "${todo.title}" to…`} tone="row">
          <FolderInput aria-hidden className="size-4" />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" sideOffset={4} className={menuContentClass}>
        <Destinations todo={todo} />
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
