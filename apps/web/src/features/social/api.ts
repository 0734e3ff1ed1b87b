import {
  FRIEND_REQUEST_POLL_MS,
  MESSAGE_PAGE_SIZE,
  OPEN_CHAT_POLL_MS,
  USER_SEARCH_MIN_LENGTH,
} from '@daywise/shared';
import { chatsApi, friendsApi, sharedPlansApi } from '@daywise/shared/api';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const keys = queryKeys.social;

/** While the realtime channel is down the lists poll (ADR 0011); while it is up, its events say when. */
const pollUnless = (connected: boolean, ms: number) => (connected ? false : ms);

/**
 * The social reads, each with its key and how to fetch it (docs/ARCHITECTURE.md). `connected`
 * is whether the realtime channel is up.
 */
export const socialQueries = {
  /** Incoming pending requests, newest first. */
  requests: (connected: boolean) =>
    queryOptions({
      queryKey: keys.requests,
      queryFn: async ({ signal }) => (await callApi(friendsApi.requests, {}, { signal })).requests,
      refetchInterval: pollUnless(connected, FRIEND_REQUEST_POLL_MS),
    }),

  friends: (connected: boolean) =>
    queryOptions({
      queryKey: keys.friends,
      queryFn: async ({ signal }) => (await callApi(friendsApi.list, {}, { signal })).friends,
      refetchInterval: pollUnless(connected, FRIEND_REQUEST_POLL_MS),
    }),

  chats: (connected: boolean) =>
    queryOptions({
      queryKey: keys.chats,
      queryFn: async ({ signal }) => (await callApi(chatsApi.list, {}, { signal })).chats,
      refetchInterval: pollUnless(connected, FRIEND_REQUEST_POLL_MS),
    }),

  sharedPlans: (connected: boolean) =>
    queryOptions({
      queryKey: keys.sharedPlans,
      queryFn: async ({ signal }) => (await callApi(sharedPlansApi.list, {}, { signal })).plans,
      refetchInterval: pollUnless(connected, FRIEND_REQUEST_POLL_MS),
    }),

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
