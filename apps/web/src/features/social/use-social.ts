import {
  FRIEND_REQUEST_POLL_MS,
  MESSAGE_PAGE_SIZE,
  MESSAGES,
  OPEN_CHAT_POLL_MS,
  type RealtimeEvent,
  USER_SEARCH_MIN_LENGTH,
} from '@daywise/shared';
import type {
  Chat,
  Friend,
  FriendRequest,
  Message,
  MessagePage,
  SharedPlan,
  SharedPlanCreateInput,
  SharedPlanTask,
  UserSearchResult,
} from '@daywise/shared/schemas';
import {
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';

import { apiRequest, idempotencyKeyFor } from '../../lib/api-client';
import { useShowBanner } from './banner';
import { useRealtimeConnected, useRealtimeEvent } from './realtime';

/** Every social query starts with this key, so a reconnect can re-read them all at once. */
export const SOCIAL_KEY = ['social'] as const;
export const REQUESTS_KEY = [...SOCIAL_KEY, 'requests'] as const;
export const FRIENDS_KEY = [...SOCIAL_KEY, 'friends'] as const;
export const CHATS_KEY = [...SOCIAL_KEY, 'chats'] as const;
export const SHARED_PLANS_KEY = [...SOCIAL_KEY, 'shared-plans'] as const;
const SEARCH_KEY = [...SOCIAL_KEY, 'search'] as const;
const MESSAGES_KEY = [...SOCIAL_KEY, 'messages'] as const;
const SEND_MESSAGE_KEY = [...SOCIAL_KEY, 'send-message'] as const;
export const messagesKey = (chatId: string) => [...MESSAGES_KEY, chatId] as const;

const enc = encodeURIComponent;

/** A message shown before the server has it (the client-only isTemporary flag). */
export interface ShownMessage extends Message {
  isTemporary?: boolean;
}

export type MessagePages = InfiniteData<MessagePage, string | null>;

// ---------------------------------------------------------------------------------------------
// Reads. While the realtime channel is down the lists poll (ADR 0011); while it is up,
// its events say when to read again.

/** A list answered as `{ [field]: T[] }`, polled every 5 s while the channel is down. */
function useSocialList<T>(queryKey: QueryKey, path: string, field: string) {
  const connected = useRealtimeConnected();
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) =>
      (await apiRequest<Record<string, T[]>>(path, { signal }))[field] ?? [],
    refetchInterval: connected ? false : FRIEND_REQUEST_POLL_MS,
  });
}

/** Incoming pending requests, newest first. */
export const useFriendRequests = () =>
  useSocialList<FriendRequest>(REQUESTS_KEY, '/api/friend-requests', 'requests');
export const useFriends = () => useSocialList<Friend>(FRIENDS_KEY, '/api/friends', 'friends');
export const useChats = () => useSocialList<Chat>(CHATS_KEY, '/api/chats', 'chats');
export const useSharedPlans = () =>
  useSocialList<SharedPlan>(SHARED_PLANS_KEY, '/api/shared-plans', 'plans');

/** User search: a query under 2 characters after trimming asks nothing. */
export function useUserSearch(query: string) {
  const showBanner = useShowBanner();
  const q = query.trim();
  return useQuery({
    queryKey: [...SEARCH_KEY, q],
    queryFn: async ({ signal }) => {
      try {
        const answer = await apiRequest<{ results: UserSearchResult[] }>(
          `/api/users/search?q=${enc(q)}`,
          { signal },
        );
        return answer.results;
      } catch (error) {
        if (!signal.aborted) {
          showBanner(MESSAGES.searchFailed);
        }
        throw error;
      }
    },
    enabled: q.length >= USER_SEARCH_MIN_LENGTH,
    retry: false,
  });
}

/**
 * The open chat's messages, newest page first (each page oldest first); older pages come with the
 * `before` cursor. Polled every 3 s while the channel is down.
 */
export function useMessages(chatId: string) {
  const connected = useRealtimeConnected();
  return useInfiniteQuery({
    queryKey: messagesKey(chatId),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(MESSAGE_PAGE_SIZE) });
      if (pageParam) {
        params.set('before', pageParam);
      }
      return apiRequest<MessagePage>(`/api/chats/${enc(chatId)}/messages?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: connected ? false : OPEN_CHAT_POLL_MS,
  });
}

/** The loaded messages in reading order: the oldest page first. */
export function messagesInOrder(data: { pages: MessagePage[] } | undefined): Message[] {
  return data ? [...data.pages].reverse().flatMap((page) => page.messages) : [];
}

// ---------------------------------------------------------------------------------------------
// Cache edits shared by the mutations and the realtime events.

function mapPages(data: MessagePages | undefined, edit: (messages: Message[]) => Message[]) {
  return (
    data && {
      ...data,
      pages: data.pages.map((page) => ({ ...page, messages: edit(page.messages) })),
    }
  );
}

/** Replaces a message already loaded; one on a page not loaded stays unloaded. */
function replaceMessage(data: MessagePages | undefined, message: Message) {
  return mapPages(data, (messages) =>
    messages.map((shown) => (shown.id === message.id ? message : shown)),
  );
}

/** Adds a new message to the newest page, or replaces the copy already there (events repeat). */
export function upsertMessage(data: MessagePages | undefined, message: Message) {
  if (!data) {
    return data;
  }
  const known = data.pages.some((page) => page.messages.some((shown) => shown.id === message.id));
  if (known) {
    return replaceMessage(data, message);
  }
  const [newest, ...older] = data.pages;
  return newest
    ? { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] }
    : data;
}

function removeMessage(data: MessagePages | undefined, messageId: string) {
  return mapPages(data, (messages) => messages.filter((shown) => shown.id !== messageId));
}

function editPlan(
  queryClient: QueryClient,
  planId: string,
  edit: (plan: SharedPlan) => SharedPlan,
) {
  queryClient.setQueryData<SharedPlan[]>(SHARED_PLANS_KEY, (plans) =>
    plans?.map((plan) => (plan.id === planId ? edit(plan) : plan)),
  );
}

function editTasks(
  queryClient: QueryClient,
  planId: string,
  edit: (tasks: SharedPlanTask[]) => SharedPlanTask[],
) {
  editPlan(queryClient, planId, (plan) => ({ ...plan, tasks: edit(plan.tasks) }));
}

function replaceTask(tasks: SharedPlanTask[], id: string, task: SharedPlanTask) {
  // A refetch may already have brought the saved task; then the placeholder just goes.
  const present = tasks.some((shown) => shown.id === task.id);
  return present
    ? tasks.filter((shown) => shown.id !== id).map((shown) => (shown.id === task.id ? task : shown))
    : tasks.map((shown) => (shown.id === id ? task : shown));
}

// ---------------------------------------------------------------------------------------------
// Changes. Each optimistic one edits the cache at once, puts back what it changed if
// the server refuses, and shows its banner.

interface OptimisticOptions<TVariables, TData> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The queries the change edits: held still, saved, and put back on failure. */
  touches: (variables: TVariables) => QueryKey[];
  apply: (queryClient: QueryClient, variables: TVariables) => void;
  onSuccess?: (queryClient: QueryClient, data: TData, variables: TVariables) => void;
  /** Read again once the change settles. */
  refresh: (variables: TVariables) => QueryKey[];
  failure: string;
}

function useOptimisticMutation<TVariables, TData>(options: OptimisticOptions<TVariables, TData>) {
  const queryClient = useQueryClient();
  const showBanner = useShowBanner();
  return useMutation({
    mutationFn: options.mutationFn,
    onMutate: async (variables: TVariables) => {
      const keys = options.touches(variables);
      await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      const saved = keys.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
      options.apply(queryClient, variables);
      return saved;
    },
    onError: (_error, _variables, saved) => {
      saved?.forEach(([queryKey, data]) => queryClient.setQueryData(queryKey, data));
      showBanner(options.failure);
    },
    onSuccess: (data, variables) => options.onSuccess?.(queryClient, data, variables),
    onSettled: (_data, _error, variables) =>
      Promise.all(
        options.refresh(variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

export function useSendFriendRequest() {
  const setStatus = (
    queryClient: QueryClient,
    userId: string,
    status: 'request_sent' | 'friends',
  ) =>
    queryClient.setQueriesData<UserSearchResult[]>({ queryKey: SEARCH_KEY }, (results) =>
      results?.map((user) => (user.id === userId ? { ...user, friendshipStatus: status } : user)),
    );
  return useOptimisticMutation({
    mutationFn: (user: UserSearchResult) =>
      apiRequest<{ id: string; status: 'pending' | 'accepted' }>('/api/friend-requests', {
        method: 'POST',
        body: { toUserId: user.id },
      }),
    touches: () => [SEARCH_KEY],
    apply: (queryClient, user) => setStatus(queryClient, user.id, 'request_sent'),
    // They had already asked us, so the server made us friends (ADR 0011).
    onSuccess: (queryClient, answer, user) =>
      answer.status === 'accepted' && setStatus(queryClient, user.id, 'friends'),
    refresh: () => [REQUESTS_KEY, FRIENDS_KEY],
    failure: MESSAGES.sendRequestFailed,
  });
}

function dropRequest(queryClient: QueryClient, request: FriendRequest) {
  queryClient.setQueryData<FriendRequest[]>(REQUESTS_KEY, (requests) =>
    requests?.filter((shown) => shown.id !== request.id),
  );
}

export function useAcceptFriendRequest() {
  return useOptimisticMutation({
    mutationFn: (request: FriendRequest) =>
      apiRequest<{ friend: Friend }>(`/api/friend-requests/${enc(request.id)}/accept`, {
        method: 'POST',
      }),
    touches: () => [REQUESTS_KEY, FRIENDS_KEY],
    apply: (queryClient, request) => {
      dropRequest(queryClient, request);
      const friend: Friend = { id: request.fromUserId, ...request.sender, profilePictureUrl: null };
      queryClient.setQueryData<Friend[]>(
        FRIENDS_KEY,
        (friends) =>
          friends &&
          [...friends.filter((shown) => shown.id !== friend.id), friend].sort((a, b) =>
            a.name.localeCompare(b.name),
          ),
      );
    },
    refresh: () => [REQUESTS_KEY, FRIENDS_KEY, SEARCH_KEY],
    failure: MESSAGES.acceptRequestFailed,
  });
}

export function useRejectFriendRequest() {
  return useOptimisticMutation({
    mutationFn: (request: FriendRequest) =>
      apiRequest<void>(`/api/friend-requests/${enc(request.id)}/reject`, { method: 'POST' }),
    touches: () => [REQUESTS_KEY],
    apply: dropRequest,
    refresh: () => [REQUESTS_KEY],
    failure: MESSAGES.rejectRequestFailed,
  });
}

export function useRemoveFriend() {
  return useOptimisticMutation({
    mutationFn: (friend: Friend) =>
      apiRequest<void>(`/api/friends/${enc(friend.id)}`, { method: 'DELETE' }),
    touches: () => [FRIENDS_KEY],
    apply: (queryClient, friend) =>
      queryClient.setQueryData<Friend[]>(FRIENDS_KEY, (friends) =>
        friends?.filter((shown) => shown.id !== friend.id),
      ),
    refresh: () => [FRIENDS_KEY, CHATS_KEY, SHARED_PLANS_KEY, SEARCH_KEY],
    failure: MESSAGES.removeFriendFailed,
  });
}

/** Opens (gets or creates) the chat with a friend; a failure says 'Failed to open chat'. */
export function useOpenChat() {
  const queryClient = useQueryClient();
  const showBanner = useShowBanner();
  return useMutation({
    mutationFn: (friendId: string) =>
      apiRequest<Chat>('/api/chats', { method: 'POST', body: { friendId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHATS_KEY }),
    onError: () => showBanner(MESSAGES.openChatFailed),
  });
}

export function useDeleteChat() {
  return useOptimisticMutation({
    mutationFn: (chatId: string) =>
      apiRequest<void>(`/api/chats/${enc(chatId)}`, { method: 'DELETE' }),
    touches: () => [CHATS_KEY],
    apply: (queryClient, chatId) =>
      queryClient.setQueryData<Chat[]>(CHATS_KEY, (chats) =>
        chats?.filter((chat) => chat.id !== chatId),
      ),
    onSuccess: (queryClient, _data, chatId) =>
      queryClient.removeQueries({ queryKey: messagesKey(chatId) }),
    refresh: () => [CHATS_KEY],
    failure: MESSAGES.deleteChatFailed,
  });
}

export interface OutgoingMessage {
  chatId: string;
  content: string;
  /** Stands in for the id until the server answers. */
  tempId: string;
  createdAt: string;
  /** The newest message's createdAt (server time) when sending began, if any. */
  since: string | null;
}

/**
 * Sending: while the request runs the message shows as temporary (read from the
 * mutation, so a poll landing meanwhile cannot wipe it); the server's message replaces it. On
 * failure it simply stops showing, and the caller puts the text back.
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  const showBanner = useShowBanner();
  return useMutation({
    mutationKey: SEND_MESSAGE_KEY,
    mutationFn: (outgoing: OutgoingMessage) =>
      apiRequest<Message>(`/api/chats/${enc(outgoing.chatId)}/messages`, {
        method: 'POST',
        body: { content: outgoing.content },
        idempotencyKey: idempotencyKeyFor(outgoing),
      }),
    onSuccess: (message, { chatId }) => {
      queryClient.setQueryData<MessagePages>(messagesKey(chatId), (data) =>
        upsertMessage(data, message),
      );
      return queryClient.invalidateQueries({ queryKey: CHATS_KEY });
    },
    onError: () => showBanner(MESSAGES.sendMessageFailed),
  });
}

/**
 * The open chat's messages still on their way, as temporary messages. The saved message can
 * arrive (by an event or a poll) before the answer to the send does; a sent message newer than
 * `since` with the same words then stands for its temporary one, which is no longer shown.
 */
export function usePendingMessages(
  chatId: string,
  senderId: string,
  shown: Message[],
): ShownMessage[] {
  const claimed = new Set<string>();
  const delivered = (outgoing: OutgoingMessage) => {
    const saved = shown.find(
      (message) =>
        !claimed.has(message.id) &&
        message.senderId === senderId &&
        message.content === outgoing.content &&
        (outgoing.since === null || message.createdAt > outgoing.since),
    );
    if (saved) {
      claimed.add(saved.id);
    }
    return Boolean(saved);
  };
  return useMutationState({
    filters: { mutationKey: SEND_MESSAGE_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as OutgoingMessage,
  })
    .filter((outgoing) => outgoing.chatId === chatId && !delivered(outgoing))
    .map((outgoing) => ({
      id: outgoing.tempId,
      chatId,
      senderId,
      content: outgoing.content,
      messageType: 'text',
      createdAt: outgoing.createdAt,
      isRead: false,
      isEdited: false,
      editedAt: null,
      isTemporary: true,
    }));
}

export function useEditMessage() {
  return useOptimisticMutation({
    mutationFn: ({ message, content }: { message: Message; content: string }) =>
      apiRequest<Message>(`/api/chats/${enc(message.chatId)}/messages/${enc(message.id)}`, {
        method: 'PATCH',
        body: { content },
      }),
    touches: ({ message }) => [messagesKey(message.chatId)],
    apply: (queryClient, { message, content }) =>
      queryClient.setQueryData<MessagePages>(messagesKey(message.chatId), (data) =>
        replaceMessage(data, {
          ...message,
          content,
          isEdited: true,
          editedAt: new Date().toISOString(),
        }),
      ),
    onSuccess: (queryClient, saved) =>
      queryClient.setQueryData<MessagePages>(messagesKey(saved.chatId), (data) =>
        replaceMessage(data, saved),
      ),
    refresh: () => [CHATS_KEY],
    failure: MESSAGES.editMessageFailed,
  });
}

export function useDeleteMessage() {
  return useOptimisticMutation({
    mutationFn: (message: Message) =>
      apiRequest<void>(`/api/chats/${enc(message.chatId)}/messages/${enc(message.id)}`, {
        method: 'DELETE',
      }),
    touches: (message) => [messagesKey(message.chatId)],
    apply: (queryClient, message) =>
      queryClient.setQueryData<MessagePages>(messagesKey(message.chatId), (data) =>
        removeMessage(data, message.id),
      ),
    refresh: () => [CHATS_KEY],
    failure: MESSAGES.deleteMessageFailed,
  });
}

/** Marks the friend's messages of a chat read; the unread counts follow. Failures stay quiet. */
export function useMarkChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chatId: string) =>
      apiRequest<{ updated: number }>(`/api/chats/${enc(chatId)}/read`, { method: 'POST' }),
    onSuccess: (_answer, chatId) => {
      queryClient.setQueryData<MessagePages>(messagesKey(chatId), (data) =>
        mapPages(data, (messages) => messages.map((message) => ({ ...message, isRead: true }))),
      );
      queryClient.setQueryData<Chat[]>(CHATS_KEY, (chats) =>
        chats?.map((chat) => (chat.id === chatId ? { ...chat, unreadCount: 0 } : chat)),
      );
    },
  });
}

export function useCreateSharedPlan() {
  const queryClient = useQueryClient();
  const showBanner = useShowBanner();
  return useMutation({
    mutationFn: (input: SharedPlanCreateInput) =>
      apiRequest<SharedPlan>('/api/shared-plans', {
        method: 'POST',
        body: input,
        idempotencyKey: idempotencyKeyFor(input),
      }),
    onSuccess: (plan) => {
      queryClient.setQueryData<SharedPlan[]>(SHARED_PLANS_KEY, (plans) => [
        plan,
        ...(plans ?? []).filter((shown) => shown.id !== plan.id),
      ]);
      return queryClient.invalidateQueries({ queryKey: SHARED_PLANS_KEY });
    },
    onError: () => showBanner(MESSAGES.createSharedPlanFailed),
  });
}

export function useDeleteSharedPlan() {
  return useOptimisticMutation({
    mutationFn: (planId: string) =>
      apiRequest<void>(`/api/shared-plans/${enc(planId)}`, { method: 'DELETE' }),
    touches: () => [SHARED_PLANS_KEY],
    apply: (queryClient, planId) =>
      queryClient.setQueryData<SharedPlan[]>(SHARED_PLANS_KEY, (plans) =>
        plans?.filter((plan) => plan.id !== planId),
      ),
    refresh: () => [SHARED_PLANS_KEY],
    failure: MESSAGES.deleteSharedPlanFailed,
  });
}

interface NewTask {
  planId: string;
  title: string;
  tempId: string;
  creator: { id: string; name: string };
}

export function useAddSharedTask() {
  return useOptimisticMutation({
    mutationFn: (task: NewTask) =>
      apiRequest<SharedPlanTask>(`/api/shared-plans/${enc(task.planId)}/tasks`, {
        method: 'POST',
        body: { title: task.title },
        idempotencyKey: idempotencyKeyFor(task),
      }),
    touches: () => [SHARED_PLANS_KEY],
    apply: (queryClient, { planId, title, tempId, creator }) => {
      const now = new Date().toISOString();
      const task: SharedPlanTask = {
        id: tempId,
        title,
        completed: false,
        createdBy: creator.id,
        createdByName: creator.name,
        createdAt: now,
        updatedBy: null,
        updatedAt: now,
        completedBy: null,
        completedAt: null,
      };
      editTasks(queryClient, planId, (tasks) => [...tasks, task]);
    },
    onSuccess: (queryClient, task, { planId, tempId }) =>
      editTasks(queryClient, planId, (tasks) => replaceTask(tasks, tempId, task)),
    refresh: () => [SHARED_PLANS_KEY],
    failure: MESSAGES.addTaskFailed,
  });
}

interface TaskToggle {
  planId: string;
  task: SharedPlanTask;
  completed: boolean;
  userId: string;
}

/** Completing records who and when; un-completing clears both. */
export function useToggleSharedTask() {
  return useOptimisticMutation({
    mutationFn: ({ planId, task, completed }: TaskToggle) =>
      apiRequest<SharedPlanTask>(`/api/shared-plans/${enc(planId)}/tasks/${enc(task.id)}`, {
        method: 'PATCH',
        body: { completed },
      }),
    touches: () => [SHARED_PLANS_KEY],
    apply: (queryClient, { planId, task, completed, userId }) =>
      editTasks(queryClient, planId, (tasks) =>
        tasks.map((shown) =>
          shown.id === task.id
            ? {
                ...shown,
                completed,
                completedBy: completed ? userId : null,
                completedAt: completed ? new Date().toISOString() : null,
              }
            : shown,
        ),
      ),
    onSuccess: (queryClient, saved, { planId }) =>
      editTasks(queryClient, planId, (tasks) => replaceTask(tasks, saved.id, saved)),
    refresh: () => [SHARED_PLANS_KEY],
    failure: MESSAGES.updateTaskFailed,
  });
}

export function useDeleteSharedTask() {
  return useOptimisticMutation({
    mutationFn: ({ planId, taskId }: { planId: string; taskId: string }) =>
      apiRequest<void>(`/api/shared-plans/${enc(planId)}/tasks/${enc(taskId)}`, {
        method: 'DELETE',
      }),
    touches: () => [SHARED_PLANS_KEY],
    apply: (queryClient, { planId, taskId }) =>
      editTasks(queryClient, planId, (tasks) => tasks.filter((task) => task.id !== taskId)),
    refresh: () => [SHARED_PLANS_KEY],
    failure: MESSAGES.deleteTaskFailed,
  });
}

// ---------------------------------------------------------------------------------------------
// Realtime: message events land straight in the chat's cache (deduplicated by id);
// the other events say which lists to read again.

export function useSocialRealtime(onChatDeleted: (chatId: string) => void) {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    (...keys: QueryKey[]) =>
      void Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    [queryClient],
  );
  const listener = useCallback(
    (event: RealtimeEvent) => {
      switch (event.type) {
        case 'message.created':
          queryClient.setQueryData<MessagePages>(messagesKey(event.message.chatId), (data) =>
            upsertMessage(data, event.message),
          );
          break;
        case 'message.updated':
          queryClient.setQueryData<MessagePages>(messagesKey(event.message.chatId), (data) =>
            replaceMessage(data, event.message),
          );
          break;
        case 'message.deleted':
          queryClient.setQueryData<MessagePages>(messagesKey(event.chatId), (data) =>
            removeMessage(data, event.messageId),
          );
          break;
        case 'chat.changed':
        case 'messages.read':
          refresh(CHATS_KEY);
          break;
        case 'chat.deleted':
          queryClient.removeQueries({ queryKey: messagesKey(event.chatId) });
          refresh(CHATS_KEY);
          onChatDeleted(event.chatId);
          break;
        case 'friend-request.created':
        case 'friend-request.removed':
          refresh(REQUESTS_KEY, FRIENDS_KEY, SEARCH_KEY);
          break;
        case 'friendship.changed':
          // Also sent when a friend deletes their account, which takes their chats and plans.
          refresh(REQUESTS_KEY, FRIENDS_KEY, SEARCH_KEY, CHATS_KEY, SHARED_PLANS_KEY);
          break;
        case 'shared-plan.changed':
        case 'shared-plan.deleted':
          refresh(SHARED_PLANS_KEY);
          break;
        default:
          break;
      }
    },
    [queryClient, refresh, onChatDeleted],
  );
  useRealtimeEvent(listener);
}
