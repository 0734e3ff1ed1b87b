import type { RealtimeEvent } from '@daywise/shared';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { queryKeys } from '../../lib/query-keys';
import { useRealtimeEvent } from './realtime';
import { editMessages, removeMessage, replaceMessage, upsertMessage } from './use-chats';

const keys = queryKeys.social;

/**
 * Realtime: message events land straight in the chat's cache (deduplicated by id); the other
 * events say which lists to read again.
 */
export function useSocialRealtime(onChatDeleted: (chatId: string) => void) {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    (...queries: QueryKey[]) =>
      void Promise.all(queries.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    [queryClient],
  );
  const listener = useCallback(
    (event: RealtimeEvent) => {
      switch (event.type) {
        case 'message.created':
          editMessages(queryClient, event.message.chatId, (data) =>
            upsertMessage(data, event.message),
          );
          break;
        case 'message.updated':
          editMessages(queryClient, event.message.chatId, (data) =>
            replaceMessage(data, event.message),
          );
          break;
        case 'message.deleted':
          editMessages(queryClient, event.chatId, (data) => removeMessage(data, event.messageId));
          break;
        case 'chat.changed':
        case 'messages.read':
          refresh(keys.chats);
          break;
        case 'chat.deleted':
          queryClient.removeQueries({ queryKey: keys.messages(event.chatId) });
          refresh(keys.chats);
          onChatDeleted(event.chatId);
          break;
        case 'friend-request.created':
        case 'friend-request.removed':
          refresh(keys.requests, keys.friends, keys.searches);
          break;
        case 'friendship.changed':
          // Also sent when a friend deletes their account, which takes their chats and plans.
          refresh(keys.requests, keys.friends, keys.searches, keys.chats, keys.sharedPlans);
          break;
        case 'shared-plan.changed':
        case 'shared-plan.deleted':
          refresh(keys.sharedPlans);
          break;
        default:
          break;
      }
    },
    [queryClient, refresh, onChatDeleted],
  );
  useRealtimeEvent(listener);
}
