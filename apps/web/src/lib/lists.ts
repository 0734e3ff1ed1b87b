import { listsApi } from '@daywise/shared/api';
import type { List, ListsAnswer } from '@daywise/shared/schemas';
import { queryOptions } from '@tanstack/react-query';

import { callApi } from './api-client';
import { pageRequests, usePageRequests } from './page-requests';
import { queryKeys } from './query-keys';

/**
 * The user's lists (issue 32, ADR 0029), shared by the sidebar, the list page, the todo rows'
 * 'Move to…', the todo dialog and quick add. The Inbox is no list: a todo whose `listId` is
 * null is in it, and its page is `/dashboard/lists/inbox`.
 */
export const INBOX = 'inbox';

/** Which todos a todo page shows: every one (null), the Inbox's, or one list's (its id). */
export type ListScope = string | null;

/** The Inbox's open count and every list, archived ones too, by position. */
export const listsQuery = () =>
  queryOptions({
    queryKey: queryKeys.lists.all,
    queryFn: ({ signal }) => callApi(listsApi.list, {}, { signal }),
  });

/** A list's page. */
export const listPath = (id: string) => `/dashboard/lists/${encodeURIComponent(id)}`;

/** The list id of a list page's path (INBOX for the Inbox's), or null for any other path. */
export function listIdOfPath(pathname: string): string | null {
  const match = /^\/dashboard\/lists\/([^/]+)\/?$/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** The list a todo's `listId` names (undefined for the Inbox, or a list not known here). */
export const findList = (answer: ListsAnswer | undefined, id: string | null): List | undefined =>
  id === null ? undefined : answer?.lists.find((list) => list.id === id);

/** The name a todo's list goes by: 'Inbox' for null. */
export const listName = (answer: ListsAnswer | undefined, id: string | null): string =>
  id === null ? 'Inbox' : (findList(answer, id)?.name ?? 'a list');

/** The lists a todo can go to: those not archived, by position. */
export const openLists = (answer: ListsAnswer | undefined): List[] =>
  answer?.lists.filter((list) => !list.archived) ?? [];

/**
 * A page's own 'Quick add' button (a list page's) opens the header's quick add, which knows the
 * page's list (app/dashboard-layout-shortcuts.tsx): one dialog, one way to open it.
 */
const quickAddRequests = pageRequests();

export function requestQuickAdd(): void {
  quickAddRequests.request();
}

/** Opens quick add with `open` when a page asks (the header holds the dialog). */
export function useQuickAddRequests(open: () => void): void {
  usePageRequests(quickAddRequests, open);
}
