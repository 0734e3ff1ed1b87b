import { MESSAGES } from '@daywise/shared';
import { friendsApi } from '@daywise/shared/api';
import type { Friend, FriendRequest, UserSearchResult } from '@daywise/shared/schemas';
import { type QueryClient, useQuery } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { useOptimisticMutation } from '../../lib/optimistic';
import { queryKeys } from '../../lib/query-keys';
import { socialQueries } from './api';
import { useShowBanner } from './banner';
import { useRealtimeConnected } from './realtime';

const keys = queryKeys.social;

/** Incoming pending requests, newest first. */
export const useFriendRequests = () => useQuery(socialQueries.requests(useRealtimeConnected()));

export const useFriends = () => useQuery(socialQueries.friends(useRealtimeConnected()));

/** User search: a query under 2 characters after trimming asks nothing. */
export function useUserSearch(query: string) {
  const showBanner = useShowBanner();
  return useQuery(socialQueries.search(query.trim(), () => showBanner(MESSAGES.searchFailed)));
}

function setSearchStatus(
  queryClient: QueryClient,
  userId: string,
  status: 'request_sent' | 'friends',
) {
  queryClient.setQueriesData<UserSearchResult[]>({ queryKey: keys.searches }, (results) =>
    results?.map((user) => (user.id === userId ? { ...user, friendshipStatus: status } : user)),
  );
}

export function useSendFriendRequest() {
  const showBanner = useShowBanner();
  return useOptimisticMutation({
    mutationFn: (user: UserSearchResult) =>
      callApi(friendsApi.sendRequest, { body: { toUserId: user.id } }),
    touches: () => [keys.searches],
    apply: (queryClient, user) => setSearchStatus(queryClient, user.id, 'request_sent'),
    // They had already asked us, so the server made us friends (ADR 0011).
    onSuccess: (queryClient, answer, user) => {
      if (answer.status === 'accepted') {
        setSearchStatus(queryClient, user.id, 'friends');
      }
    },
    refresh: () => [keys.requests, keys.friends],
    onFailure: () => showBanner(MESSAGES.sendRequestFailed),
  });
}

function dropRequest(queryClient: QueryClient, request: FriendRequest) {
  queryClient.setQueryData<FriendRequest[]>(keys.requests, (requests) =>
    requests?.filter((shown) => shown.id !== request.id),
  );
}

export function useAcceptFriendRequest() {
  const showBanner = useShowBanner();
  return useOptimisticMutation({
    mutationFn: (request: FriendRequest) =>
      callApi(friendsApi.accept, { params: { id: request.id } }),
    touches: () => [keys.requests, keys.friends],
    apply: (queryClient, request) => {
      dropRequest(queryClient, request);
      const friend: Friend = { id: request.fromUserId, ...request.sender };
      queryClient.setQueryData<Friend[]>(
        keys.friends,
        (friends) =>
          friends &&
          [...friends.filter((shown) => shown.id !== friend.id), friend].sort((a, b) =>
            a.name.localeCompare(b.name),
          ),
      );
    },
    refresh: () => [keys.requests, keys.friends, keys.searches],
    onFailure: () => showBanner(MESSAGES.acceptRequestFailed),
  });
}

export function useRejectFriendRequest() {
  const showBanner = useShowBanner();
  return useOptimisticMutation({
    mutationFn: (request: FriendRequest) =>
      callApi(friendsApi.reject, { params: { id: request.id } }),
    touches: () => [keys.requests],
    apply: dropRequest,
    refresh: () => [keys.requests],
    onFailure: () => showBanner(MESSAGES.rejectRequestFailed),
  });
}

export function useRemoveFriend() {
  const showBanner = useShowBanner();
  return useOptimisticMutation({
    mutationFn: (friend: Friend) => callApi(friendsApi.remove, { params: { userId: friend.id } }),
    touches: () => [keys.friends],
    apply: (queryClient, friend) =>
      queryClient.setQueryData<Friend[]>(keys.friends, (friends) =>
        friends?.filter((shown) => shown.id !== friend.id),
      ),
    refresh: () => [keys.friends, keys.chats, keys.sharedPlans, keys.searches],
    onFailure: () => showBanner(MESSAGES.removeFriendFailed),
  });
}
