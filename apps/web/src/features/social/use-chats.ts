import { MESSAGES } from '@daywise/shared';
import { chatsApi } from '@daywise/shared/api';
import type { Chat, Message, MessagePage } from '@daywise/shared/schemas';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { useOptimisticMutation } from '../../lib/optimistic';
import { queryKeys } from '../../lib/query-keys';
import { socialQueries } from './api';
import { useShowBanner } from './banner';
import { useRealtimeConnected } from './realtime';

const keys = queryKeys.social;

/** A message shown before the server has it (the client-only isTemporary flag). */
export interface ShownMessage extends Message {
  isTemporary?: boolean;
}

export type MessagePages = InfiniteData<MessagePage, string | null>;

export const useChats = () => useQuery(socialQueries.chats(useRealtimeConnected()));

/** The open chat's messages; polled every 3 s while the realtime channel is down. */
export const useMessages = (chatId: string) =>
  useInfiniteQuery(socialQueries.messages(chatId, useRealtimeConnected()));

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
export function replaceMessage(data: MessagePages | undefined, message: Message) {
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

export function removeMessage(data: MessagePages | undefined, messageId: string) {
  return mapPages(data, (messages) => messages.filter((shown) => shown.id !== messageId));
}

/** Edits the loaded pages of a chat's messages. */
export function editMessages(
  queryClient: QueryClient,
  chatId: string,
  edit: (data: MessagePages | undefined) => MessagePages | undefined,
) {
  queryClient.setQueryData<MessagePages>(keys.messages(chatId), edit);
}

// ---------------------------------------------------------------------------------------------
// Changes. Each optimistic one edits the cache at once, puts back what it changed if the server
// refuses, and shows its banner.

/** Opens (gets or creates) the chat with a friend; a failure says 'Failed to open chat'. */
export function useOpenChat() {
  const queryClient = useQueryClient();
  const showBanner = useShowBanner();
  return useMutation({
    mutationFn: (friendId: string) => callApi(chatsApi.open, { body: { friendId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.chats }),
    onError: () => showBanner(MESSAGES.openChatFailed),
  });
}

export function useDeleteChat() {
  const showBanner = useShowBanner();
  return useOptimisticMutation({
    mutationFn: (chatId: string) => callApi(chatsApi.remove, { params: { id: chatId } }),
    touches: () => [keys.chats],
    apply: (queryClient, chatId) =>
      queryClient.setQueryData<Chat[]>(keys.chats, (chats) =>
        chats?.filter((chat) => chat.id !== chatId),
      ),
    onSuccess: (queryClient, _data, chatId) =>
      queryClient.removeQueries({ queryKey: keys.messages(chatId) }),
    refresh: () => [keys.chats],
    onFailure: () => showBanner(MESSAGES.deleteChatFailed),
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
    mutationKey: keys.sendMessage,
    mutationFn: (outgoing: OutgoingMessage) =>
      callApi(
        chatsApi.send,
        { params: { id: outgoing.chatId }, body: { content: outgoing.content } },
        { action: outgoing },
      ),
    onSuccess: (message, { chatId }) => {
      editMessages(queryClient, chatId, (data) => upsertMessage(data, message));
      return queryClient.invalidateQueries({ queryKey: keys.chats });
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
    filters: { mutationKey: keys.sendMessage, status: 'pending' },
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
  const showBanner = useShowBanner();
  return useOptimisticMutation({
    mutationFn: ({ message, content }: { message: Message; content: string }) =>
      callApi(chatsApi.edit, {
        params: { id: message.chatId, messageId: message.id },
        body: { content },
      }),
    touches: ({ message }) => [keys.messages(message.chatId)],
    apply: (queryClient, { message, content }) =>
      editMessages(queryClient, message.chatId, (data) =>
        replaceMessage(data, {
          ...message,
          content,
          isEdited: true,
          editedAt: new Date().toISOString(),
        }),
      ),
    onSuccess: (queryClient, saved) =>
      editMessages(queryClient, saved.chatId, (data) => replaceMessage(data, saved)),
    refresh: () => [keys.chats],
    onFailure: () => showBanner(MESSAGES.editMessageFailed),
  });
}

export function useDeleteMessage() {
  const showBanner = useShowBanner();
  return useOptimisticMutation({
    mutationFn: (message: Message) =>
      callApi(chatsApi.removeMessage, { params: { id: message.chatId, messageId: message.id } }),
    touches: (message) => [keys.messages(message.chatId)],
    apply: (queryClient, message) =>
      editMessages(queryClient, message.chatId, (data) => removeMessage(data, message.id)),
    refresh: () => [keys.chats],
    onFailure: () => showBanner(MESSAGES.deleteMessageFailed),
  });
}

/** Marks the friend's messages of a chat read; the unread counts follow. Failures stay quiet. */
export function useMarkChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chatId: string) => callApi(chatsApi.markRead, { params: { id: chatId } }),
    onSuccess: (_answer, chatId) => {
      editMessages(queryClient, chatId, (data) =>
        mapPages(data, (messages) => messages.map((message) => ({ ...message, isRead: true }))),
      );
      queryClient.setQueryData<Chat[]>(keys.chats, (chats) =>
        chats?.map((chat) => (chat.id === chatId ? { ...chat, unreadCount: 0 } : chat)),
      );
    },
  });
}
