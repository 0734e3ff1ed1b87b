import { MESSAGES } from '@daywise/shared';
import { MessagesSquare, Trash2, X } from 'lucide-react';
import { useState } from 'react';

import { ConfirmDialog } from '../../components/confirm-dialog';
import { useSession } from '../../lib/session';
import { ChatMessages } from './chat-messages';
import {
  cardClass,
  CountBadge,
  dangerIconButtonClass,
  iconButtonClass,
  Initial,
  Spinner,
  surfaceClass,
} from './social-ui';
import type { OpenChat, useChatSelection } from './use-chat-selection';
import { useChats } from './use-chats';
import { useFriends } from './use-friends';

type Selection = ReturnType<typeof useChatSelection>;

/** The friends one can chat with, each with the number of their messages not yet read. */
function ChatFriends({ selection }: { selection: Selection }) {
  const friends = useFriends().data ?? [];
  const chats = useChats().data ?? [];
  const unread = new Map(chats.map((chat) => [chat.friend.id, chat.unreadCount]));
  return (
    <nav aria-label="Chats" className={`${surfaceClass} p-2`}>
      {friends.length === 0 ? (
        <p className="p-4 text-center text-sm text-gray-600 dark:text-gray-300">
          {MESSAGES.noFriendsToChat}
        </p>
      ) : (
        <ul className="space-y-1">
          {friends.map((friend) => {
            const count = unread.get(friend.id) ?? 0;
            const current = selection.open?.friend.id === friend.id;
            return (
              <li key={friend.id}>
                <button
                  type="button"
                  onClick={() => selection.select(friend)}
                  aria-current={current ? 'true' : undefined}
                  className="flex w-full items-center gap-3 rounded-lg p-2 text-left hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-600 aria-[current]:bg-blue-50 dark:hover:bg-gray-800 dark:aria-[current]:bg-blue-950"
                >
                  <Initial name={friend.name} />
                  <span className="min-w-0 flex-1 truncate font-medium">{friend.name}</span>
                  {count > 0 && (
                    <CountBadge
                      count={count}
                      label={count === 1 ? 'unread message' : 'unread messages'}
                    />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}

/** The open chat: header (friend, delete, close), its messages and the send box. */
function ChatPane({ open, selection }: { open: OpenChat; selection: Selection }) {
  const { user } = useSession();
  const [confirming, setConfirming] = useState(false);
  const { friend, chatId } = open;

  return (
    <section
      aria-label={`Chat with ${friend.name}`}
      className={`${surfaceClass} flex h-[32rem] flex-col`}
    >
      <header className="flex items-center gap-3 border-b border-gray-200 p-3 dark:border-gray-800">
        <Initial name={friend.name} />
        <h2 className="min-w-0 flex-1 truncate text-lg font-semibold">{friend.name}</h2>
        <button
          type="button"
          onClick={() => setConfirming(true)}
          disabled={!chatId}
          aria-label="Delete chat"
          className={dangerIconButtonClass}
        >
          <Trash2 aria-hidden className="size-5" />
        </button>
        <button
          type="button"
          onClick={selection.close}
          aria-label="Close chat"
          className={iconButtonClass}
        >
          <X aria-hidden className="size-5" />
        </button>
      </header>
      {chatId && user ? (
        <ChatMessages key={chatId} chatId={chatId} userId={user.id} />
      ) : (
        <div className="flex flex-1 items-center justify-center">
          <Spinner>Opening chat...</Spinner>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title="Delete Chat"
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          pending={false}
          onConfirm={() => {
            setConfirming(false);
            selection.remove(open);
          }}
          onClose={() => setConfirming(false)}
        >
          {MESSAGES.deleteChatText}
        </ConfirmDialog>
      )}
    </section>
  );
}

/**
 * Chat tab: friends on the left, the open chat on the right. On a phone the two
 * stack, and the list steps aside while a chat is open (its close button brings it back).
 */
export function ChatTab({ selection }: { selection: Selection }) {
  const { open } = selection;
  return (
    <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
      <div className={open ? 'hidden md:block' : ''}>
        <ChatFriends selection={selection} />
      </div>
      {open ? (
        <ChatPane open={open} selection={selection} />
      ) : (
        <div
          className={`${cardClass} flex min-h-64 flex-col items-center justify-center gap-3 text-center`}
        >
          <MessagesSquare aria-hidden className="size-10 text-gray-400" />
          <p className="text-gray-600 dark:text-gray-300">{MESSAGES.selectFriendToChat}</p>
        </div>
      )}
    </div>
  );
}
