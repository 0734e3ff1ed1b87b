import { todosApi } from '@daywise/shared/api';
import { LIST_MESSAGES } from '@daywise/shared/list-messages';
import type { Todo, TodoPage } from '@daywise/shared/schemas';
import { SECTION_MESSAGES } from '@daywise/shared/section-messages';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

import { focusToggle } from '../../components/toggle-checkbox';
import { callApi } from '../../lib/api-client';
import { useOptimisticMutation } from '../../lib/optimistic';
import { queryKeys } from '../../lib/query-keys';
import { notify, undoAction } from '../../lib/toast';

type ListData = InfiniteData<TodoPage, string | null>;

/** Where a todo goes within its list: another section (a top-level todo's), another place, both. */
export interface TodoPlaceTarget {
  /** The section of its list (null for none); absent keeps its section. */
  sectionId?: string | null;
  /** Its place among its new siblings, from 0; absent puts it last. */
  order?: number;
}

export interface TodoPlace {
  todo: Todo;
  to: TodoPlaceTarget;
  /** What the toast says once it is saved: 'Moved to Errands', 'Todo moved'. */
  said: string;
}

/** A todo's siblings are those it is ordered among (ADR 0027, A todo's place). */
interface Group {
  parentId: string | null;
  listId: string | null;
  sectionId: string | null;
}

const inGroup = (todo: Todo, group: Group) =>
  todo.parentId === group.parentId &&
  (group.parentId !== null || (todo.listId === group.listId && todo.sectionId === group.sectionId));

/** Past every order: a todo put last, until the server's answer says where exactly. */
const LAST = Number.MAX_SAFE_INTEGER;

/**
 * A todo as the server will have it once moved, and its siblings shifted as the server shifts
 * them: those after its old place close the gap, those from its new place on make room.
 */
export function placeInItems(items: readonly Todo[], { todo, to }: TodoPlace): Todo[] {
  const from: Group = todo;
  const into: Group = {
    ...from,
    sectionId: to.sectionId === undefined ? from.sectionId : to.sectionId,
  };
  const order = to.order ?? LAST;
  return items.map((item) => {
    if (item.id === todo.id) {
      return { ...item, sectionId: into.sectionId, order };
    }
    let next = item.order;
    if (inGroup(item, from) && item.order > todo.order) {
      next -= 1;
    }
    if (inGroup(item, into) && next >= order) {
      next += 1;
    }
    return next === item.order ? item : { ...item, order: next };
  });
}

function placeInLists(queryClient: QueryClient, place: TodoPlace): void {
  queryClient.setQueriesData<ListData>({ queryKey: queryKeys.todos.lists }, (data) =>
    data?.pages.some((page) => page.items.some((item) => item.id === place.todo.id))
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, items: placeInItems(page.items, place) })),
        }
      : data,
  );
}

/**
 * Moves a todo within its list: up or down among its siblings (the row's Move up and Move down, or
 * a drop on a sibling), or into another section (a drop on its heading, or Move to…). The rows
 * move at once and go back if the server refuses ('Failed to move todo'); the toast's Undo puts it
 * back where it was, section and place, the same way.
 */
export function usePlaceTodo() {
  const place = useOptimisticMutation({
    mutationFn: ({ todo, to }: TodoPlace) =>
      callApi(todosApi.update, {
        params: { id: todo.id },
        body: {
          ...(to.sectionId === undefined ? {} : { sectionId: to.sectionId }),
          ...(to.order === undefined ? {} : { order: to.order }),
        },
      }),
    touches: () => [queryKeys.todos.lists],
    apply: placeInLists,
    meta: { failed: LIST_MESSAGES.todoMoveFailed, serverMessageFor: ['VALIDATION_FAILED'] },
    onSuccess: (_queryClient, saved, { todo, said }) => {
      notify.success(said, {
        id: `moved:${todo.id}`,
        action: undoAction(() => {
          place.mutate({
            todo: saved,
            to: { sectionId: todo.sectionId, order: todo.order },
            said: SECTION_MESSAGES.todoReordered,
          });
          focusToggle(`todo:${todo.id}`);
        }),
      });
    },
    refresh: () => [queryKeys.todos.all],
  });
  return place;
}
