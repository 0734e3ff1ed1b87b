import type { Friend } from '@daywise/shared/schemas';
import { useCallback, useState } from 'react';

import { useDeleteChat, useOpenChat } from './use-chats';

/** The chat on screen: its friend at once, its id once the server has opened it. */
export interface OpenChat {
  friend: Friend;
  chatId: string | null;
}

/**
 * Which chat is open. Opening asks the server for the chat (get or create); if that fails the
 * pane closes again and the banner says 'Failed to open chat'.
 */
export function useChatSelection() {
  const [open, setOpen] = useState<OpenChat | null>(null);
  const { mutate: openChat } = useOpenChat();

  const select = useCallback(
    (friend: Friend) => {
      setOpen({ friend, chatId: null });
      const isFriend = (current: OpenChat | null) => current?.friend.id === friend.id;
      openChat(friend.id, {
        onSuccess: (chat) =>
          setOpen((current) => (isFriend(current) ? { friend, chatId: chat.id } : current)),
        onError: () => setOpen((current) => (isFriend(current) ? null : current)),
      });
    },
    [openChat],
  );
  /** Shows a chat that already exists without asking the server to open it (an ex-friend's). */
  const show = useCallback((friend: Friend, chatId: string) => setOpen({ friend, chatId }), []);
  const close = useCallback(() => setOpen(null), []);

  // Held here, by the page, so the answer is still heard after the chat pane has gone.
  const { mutate: deleteChat } = useDeleteChat();
  /** Deleting closes the chat at once; if the server keeps it, it opens again. */
  const remove = useCallback(
    (chat: OpenChat) => {
      if (!chat.chatId) {
        return;
      }
      setOpen(null);
      deleteChat(chat.chatId, { onError: () => setOpen(chat) });
    },
    [deleteChat],
  );
  /** Closes the chat if it is the one that went (deleted here or by the friend). */
  const closeIf = useCallback(
    (chatId: string) => setOpen((current) => (current?.chatId === chatId ? null : current)),
    [],
  );
  return { open, select, show, close, closeIf, remove };
}
