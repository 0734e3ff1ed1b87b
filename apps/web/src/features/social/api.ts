import {
  FRIEND_REQUEST_POLL_MS,
  MESSAGE_PAGE_SIZE,
  OPEN_CHAT_POLL_MS,
  USER_SEARCH_MIN_LENGTH,
} from '@daywise/shared';
import { chatsApi, friendsApi, sharedPlansApi } from '@daywise/shared/api';
import { infiniteQueryOptions, type QueryKey, queryOptions } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const keys = queryKeys.social;

/** While the realtime channel is down the lists poll (ADR 0011); while it is up, its events say when. */
const pollUnless = (connected: boolean, ms: number) => (connected ? false : ms);

/** A list answered inside an object, polled every 5 s while the realtime channel is down. */
function polledList<T>(
  queryKey: QueryKey,
  connected: boolean,
  read: (signal: AbortSignal) => Promise<T[]>,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => read(signal),
    refetchInterval: pollUnless(connected, FRIEND_REQUEST_POLL_MS),
  });
}

/**
 * The social reads, each with its key and how to fetch it (docs/ARCHITECTURE.md). `connected`
 * is whether the realtime channel is up.
 */
export const socialQueries = {
  /** Incoming pending requests, newest first. */
  requests: (connected: boolean) =>
    polledList(
      keys.requests,
      connected,
      async (signal) => (await callApi(friendsApi.requests, {}, { signal })).requests,
    ),

  friends: (connected: boolean) =>
    polledList(
      keys.friends,
      connected,
      async (signal) => (await callApi(friendsApi.list, {}, { signal })).friends,
    ),

  chats: (connected: boolean) =>
    polledList(
      keys.chats,
      connected,
      async (signal) => (await callApi(chatsApi.list, {}, { signal })).chats,
    ),

  sharedPlans: (connected: boolean) =>
    polledList(
      keys.sharedPlans,
      connected,
      async (signal) => (await callApi(sharedPlansApi.list, {}, { signal })).plans,
    ),

  /** User search: `q` (trimmed) under 2 characters asks nothing; a failure is told to `failed`. */
  search: (q: string, failed: () => void) =>
    queryOptions({
      queryKey: keys.search(q),
      queryFn: async ({ signal }) => {
        try {
          return (await callApi(friendsApi.search, { query: { q } }, { signal })).results;
        } catch (error) {
          if (!signal.aborted) {
            failed();
          }
          throw error;
        }
      },
      enabled: q.length >= USER_SEARCH_MIN_LENGTH,
      retry: false,
    }),

  /**
   * The open chat's messages, newest page first (each page oldest first); older pages come with
   * the `before` cursor.
   */
  messages: (chatId: string, connected: boolean) =>
    infiniteQueryOptions({
      queryKey: keys.messages(chatId),
      queryFn: ({ pageParam, signal }) =>
        callApi(
          chatsApi.messages,
          {
            params: { id: chatId },
            query: pageParam
              ? { limit: MESSAGE_PAGE_SIZE, before: pageParam }
              : { limit: MESSAGE_PAGE_SIZE },
          },
          { signal },
        ),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      refetchInterval: pollUnless(connected, OPEN_CHAT_POLL_MS),
    }),
};
