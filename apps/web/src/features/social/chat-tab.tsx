import { MESSAGES } from '@daywise/shared';
import type { Chat, Friend } from '@daywise/shared/schemas';
import { MessagesSquare, Trash2, X } from 'lucide-react';
import { useId, useState } from 'react';

import { Button, IconButton } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useSession } from '../../lib/session';
import { ChatMessages } from './chat-messages';
import { formatRelativeTime, useNow } from './relative-time';
import { CountBadge, PersonAvatar, Spinner } from './social-ui';
import type { OpenChat, useChatSelection } from './use-chat-selection';
import { useChats } from './use-chats';
import { useFriends } from './use-friends';

type Selection = ReturnType<typeof useChatSelection>;

const isPast = (chat: Chat) => chat.lastMessageAt !== null;

export interface ChatListEntry {
  friend: Friend;
  chat: Chat | undefined;
  /** A past chat with someone no longer a friend: readable, nothing can be sent. */
  readOnly: boolean;
}

/**
 * The chat list: every friend, those with messages first, the newest activity first (as the
 * server orders the chats), then the others by name (docs/product/social.md, "Chat"). A chat with
 * messages from before an unfriending stays in its place, read-only, and comes alive again once
 * the two are friends again.
 */
export function chatListEntries(friends: Friend[], chats: Chat[]): ChatListEntry[] {
  const byFriend = new Map(chats.map((chat) => [chat.friend.id, chat]));
  const active = chats
    .filter((chat) => chat.lastMessageAt !== null)
    .map((chat) => {
      const friend = friends.find((candidate) => candidate.id === chat.friend.id);
      return { friend: friend ?? chat.friend, chat, readOnly: !friend };
    });
  const quiet = friends
    .filter((friend) => !active.some((entry) => entry.friend.id === friend.id))
    .map((friend) => ({ friend, chat: byFriend.get(friend.id), readOnly: false }));
  return [...active, ...quiet];
}

/**
 * One friend in the chat list: picture, name, how long ago the last message was and its first
 * line, and the number of their messages not yet read. The button is named by the friend and the
 * unread count; the last message and its time are its description.
 */
function ChatListItem({
  entry: { friend, chat },
  current,
  now,
  onSelect,
}: {
  entry: ChatListEntry;
  current: boolean;
  now: number;
  onSelect: () => void;
}) {
  const previewId = useId();
  const count = chat?.unreadCount ?? 0;
  const lastAt = chat?.lastMessageAt ?? null;
  const preview = chat?.lastMessage ?? null;
  return (
    <li>
      <Button
        onClick={onSelect}
        aria-current={current ? 'true' : undefined}
        aria-describedby={preview !== null ? previewId : undefined}
        variant="bare"
        className="flex w-full items-center gap-3 rounded-lg p-2 text-left hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-600 aria-[current]:bg-blue-50 dark:hover:bg-gray-800 dark:aria-[current]:bg-blue-950"
      >
        <PersonAvatar person={friend} />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{friend.name}</span>
          {preview !== null && (
            <span id={previewId} aria-hidden className="flex items-baseline gap-2 text-sm">
              <span className="min-w-0 flex-1 truncate text-gray-600 dark:text-gray-300">
                {preview}
              </span>
              {/* Keeps the preview and the time apart when read as the description. */}
              {lastAt && ' '}
              {lastAt && (
                <time
                  dateTime={lastAt}
                  className="shrink-0 text-xs text-gray-600 dark:text-gray-300"
                >
                  {formatRelativeTime(lastAt, now)}
                </time>
              )}
            </span>
          )}
        </span>
        {count > 0 && (
          <CountBadge count={count} label={count === 1 ? 'unread message' : 'unread messages'} />
        )}
      </Button>
    </li>
  );
}

/**
 * The friends one can chat with. The chats are read again when a message arrives (the
 * `chat.changed` event), so the previews and times follow live.
 */
function ChatFriends({ selection }: { selection: Selection }) {
  const friends = useFriends().data ?? [];
  const chats = useChats().data ?? [];
  const now = useNow();
  const entries = chatListEntries(friends, chats);
  return (
    <Card as="nav" aria-label="Chats" className="p-2">
      {entries.length === 0 ? (
        <p className="p-4 text-center text-sm text-gray-600 dark:text-gray-300">
          {MESSAGES.noFriendsToChat}
        </p>
      ) : (
        <ul className="space-y-1">
          {entries.map((entry) => (
            <ChatListItem
              key={entry.friend.id}
              entry={entry}
              current={selection.open?.friend.id === entry.friend.id}
              now={now}
              onSelect={() =>
                entry.readOnly && entry.chat
                  ? selection.show(entry.friend, entry.chat.id)
                  : selection.select(entry.friend)
              }
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The open chat: header (friend, delete, close), its messages and the send box. */
function ChatPane({ open, selection }: { open: OpenChat; selection: Selection }) {
  const { user } = useSession();
  const [confirming, setConfirming] = useState(false);
  const { chatId } = open;
  // The friend as last read, so a new picture or name shows in an open chat too.
  const friends = useFriends().data;
  const current = friends?.find((candidate) => candidate.id === open.friend.id);
  const friend = current ?? open.friend;
  // Unfriended (here or by them): the chat stays readable until they are friends again.
  const readOnly = friends !== undefined && current === undefined;

  return (
    <Card as="section" aria-label={`Chat with ${friend.name}`} className="flex h-[32rem] flex-col">
      <header className="flex items-center gap-3 border-b border-gray-200 p-3 dark:border-gray-800">
        <PersonAvatar person={friend} />
        <h2 className="min-w-0 flex-1 truncate text-lg font-semibold">{friend.name}</h2>
        <IconButton
          onClick={() => setConfirming(true)}
          disabled={!chatId}
          label="Delete chat"
          tone="danger"
        >
          <Trash2 aria-hidden className="size-5" />
        </IconButton>
        <IconButton onClick={selection.close} label="Close chat">
          <X aria-hidden className="size-5" />
        </IconButton>
      </header>
      {chatId && user ? (
        <ChatMessages key={chatId} chatId={chatId} userId={user.id} readOnly={readOnly} />
      ) : (
        <div className="flex flex-1 items-center justify-center">
          <Spinner>Opening chat...</Spinner>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title="Delete Chat"
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
    </Card>
  );
}

/**
 * Chat tab: friends on the left, the open chat on the right. On a phone the two
 * stack, and the list steps aside while a chat is open (its close button brings it back).
 */
export function ChatTab({
  selection,
  onFindFriends,
}: {
  selection: Selection;
  /** Switches to the Friends tab, where friends are found. */
  onFindFriends: () => void;
}) {
  const { open } = selection;
  // With no friends there is nobody to select: the pane says where friends come from.
  // (Past chats with ex-friends still fill the list, so the pane asks to pick one.)
  const friends = useFriends().data;
  const chats = useChats().data;
  const friendless = friends?.length === 0 && !chats?.some(isPast);
  return (
    <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
      <div className={open ? 'hidden md:block' : ''}>
        <ChatFriends selection={selection} />
      </div>
      {open ? (
        <ChatPane open={open} selection={selection} />
      ) : (
        <Card className="flex min-h-64 flex-col items-center justify-center gap-3 p-5 text-center">
          <MessagesSquare aria-hidden className="size-10 text-gray-400" />
          {friendless ? (
            <>
              <p className="text-gray-600 dark:text-gray-300">{MESSAGES.chatNeedsFriends}</p>
              <Button onClick={onFindFriends} variant="secondary" size="sm">
                Go to Friends
              </Button>
            </>
          ) : (
            <p className="text-gray-600 dark:text-gray-300">{MESSAGES.selectFriendToChat}</p>
          )}
        </Card>
      )}
    </div>
  );
}
