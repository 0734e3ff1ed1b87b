import { MESSAGE_EDIT_WINDOW_MS, MESSAGES, SOCIAL_LIMITS } from '@daywise/shared';
import type { Message } from '@daywise/shared/schemas';
import { Loader2, Pencil, Send, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';

import { Button, IconButton } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { inputClass } from '../../components/form-field';
import { LoadError } from '../../components/load-error';
import { formatRelativeTime, useNow } from './relative-time';
import {
  messagesInOrder,
  type ShownMessage,
  useDeleteMessage,
  useEditMessage,
  useMarkChatRead,
  useMessages,
  usePendingMessages,
  useSendMessage,
} from './use-chats';

/** Within this distance of the bottom, a new message scrolls the chat down to it. */
const NEAR_BOTTOM_PX = 80;
/** Within this distance of the top, scrolling up loads the page of older messages. */
const NEAR_TOP_PX = 40;

/** Only the sender edits, and only within 5 minutes of sending. */
export function canEdit(message: ShownMessage, userId: string, now: number): boolean {
  return (
    !message.isTemporary &&
    message.senderId === userId &&
    now - new Date(message.createdAt).getTime() < MESSAGE_EDIT_WINDOW_MS
  );
}

const FULL_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

interface EditBoxProps {
  message: Message;
  onDone: () => void;
}

/** Inline edit: Save or Enter saves, Cancel or Escape cancels, blank cancels. */
function EditBox({ message, onDone }: EditBoxProps) {
  const [text, setText] = useState(message.content);
  const edit = useEditMessage();
  const save = (event?: FormEvent) => {
    event?.preventDefault();
    const content = text.trim();
    if (content && content !== message.content) {
      edit.mutate({ message, content });
    }
    onDone();
  };
  return (
    <form onSubmit={save} className="w-full space-y-2">
      <input
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onDone();
          }
        }}
        maxLength={SOCIAL_LIMITS.messageMax}
        aria-label="Edit message"
        // The box opens because the user asked to edit; typing goes straight in.
        autoFocus
        className={`${inputClass} text-gray-900`}
      />
      <div className="flex justify-end gap-2">
        <Button onClick={onDone} variant="secondary" size="sm">
          Cancel
        </Button>
        <Button type="submit" size="sm">
          Save
        </Button>
      </div>
    </form>
  );
}

interface MessageItemProps {
  message: ShownMessage;
  own: boolean;
  editable: boolean;
  now: number;
  onDelete: (message: Message) => void;
}

/** One message: own on the right, the friend's on the left; unsent ones dimmed with a spinner. */
function MessageItem({ message, own, editable, now, onDelete }: MessageItemProps) {
  const [editing, setEditing] = useState(false);
  const time = formatRelativeTime(message.createdAt, now);
  return (
    <li className={`flex ${own ? 'justify-end' : 'justify-start'}`}>
      <div
        className={`max-w-[85%] space-y-1 sm:max-w-[75%] ${message.isTemporary ? 'opacity-60' : ''} ${editing ? 'w-full' : ''}`}
      >
        {editing ? (
          <EditBox message={message} onDone={() => setEditing(false)} />
        ) : (
          <p
            className={`rounded-2xl px-4 py-2 break-words whitespace-pre-wrap ${
              own
                ? 'rounded-br-sm bg-blue-600 text-white'
                : 'rounded-bl-sm bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100'
            }`}
          >
            {message.content}
          </p>
        )}
        <div
          className={`flex items-center gap-2 text-xs text-gray-600 dark:text-gray-300 ${own ? 'justify-end' : ''}`}
        >
          {message.isTemporary && <Loader2 aria-label="Sending" className="size-3 animate-spin" />}
          <time dateTime={message.createdAt} title={FULL_TIME.format(new Date(message.createdAt))}>
            {time}
          </time>
          {message.isEdited && <span>(edited)</span>}
          {own && !message.isTemporary && !editing && (
            <>
              {editable && (
                <IconButton
                  onClick={() => setEditing(true)}
                  label="Edit message"
                  tone="bare"
                  className="rounded p-1 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-gray-800"
                >
                  <Pencil aria-hidden className="size-3.5" />
                </IconButton>
              )}
              <IconButton
                onClick={() => onDelete(message)}
                label="Delete message"
                tone="bare"
                className="rounded p-1 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-red-600 dark:hover:bg-red-950 dark:hover:text-red-300"
              >
                <Trash2 aria-hidden className="size-3.5" />
              </IconButton>
            </>
          )}
        </div>
      </div>
    </li>
  );
}

let outgoingCount = 0;

/**
 * The send box: the text is trimmed and ignored when blank; the message
 * shows at once as temporary; if sending fails the text comes back to the box.
 */
function Composer({ chatId, since }: { chatId: string; since: string | null }) {
  const [text, setText] = useState('');
  const send = useSendMessage();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content) {
      return;
    }
    setText('');
    outgoingCount += 1;
    send.mutate(
      {
        chatId,
        content,
        tempId: `temp-${Date.now()}-${outgoingCount}`,
        createdAt: new Date().toISOString(),
        since,
      },
      {
        // Whatever was typed since stays after the restored text.
        onError: () => setText((current) => (current.trim() ? `${content} ${current}` : content)),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      className="flex gap-2 border-t border-gray-200 p-3 dark:border-gray-800"
    >
      <input
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={MESSAGES.messagePlaceholder}
        aria-label="Message"
        maxLength={SOCIAL_LIMITS.messageMax}
        autoComplete="off"
        className={inputClass}
      />
      <Button type="submit" disabled={!text.trim()} aria-label="Send message" size="sm">
        <Send aria-hidden className="size-4" />
      </Button>
    </form>
  );
}

interface ChatMessagesProps {
  chatId: string;
  userId: string;
  /**
   * The two are no longer friends: the messages stay readable, but nothing can be sent, edited
   * or deleted (the server refuses it); a note takes the composer's place.
   */
  readOnly?: boolean;
}

/** Ours (docs/product/social.md, "Chat"): why an ex-friend's chat has no composer. */
export const CHAT_READ_ONLY_NOTE =
  'You are no longer friends, so this chat is read-only. Become friends again to write.';

/**
 * The open chat's messages, newest 50 first; scrolling to the top loads older ones and keeps the
 * reader's place. It follows new messages while the reader is at the bottom, and marks the
 * friend's messages read once they are on screen.
 */
export function ChatMessages({ chatId, userId, readOnly = false }: ChatMessagesProps) {
  const query = useMessages(chatId);
  const saved = messagesInOrder(query.data);
  const pending = usePendingMessages(chatId, userId, saved);
  const messages: ShownMessage[] = [...saved, ...pending];
  const now = useNow();
  const markRead = useMarkChatRead();
  const deleteMessage = useDeleteMessage();
  const [deleting, setDeleting] = useState<Message | null>(null);

  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** Distance from the bottom before an older page came in, to keep the reader's place. */
  const keepPlace = useRef<number | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const loadOlder = () => {
    const element = scroller.current;
    if (!element || !hasNextPage || isFetchingNextPage) {
      return;
    }
    keepPlace.current = element.scrollHeight - element.scrollTop;
    void fetchNextPage();
  };

  const onScroll = () => {
    const element = scroller.current;
    if (!element) {
      return;
    }
    atBottom.current =
      element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    if (element.scrollTop < NEAR_TOP_PX) {
      loadOlder();
    }
  };

  const firstId = messages[0]?.id;
  const last = messages.at(-1);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && keepPlace.current !== null) {
      element.scrollTop = element.scrollHeight - keepPlace.current;
      keepPlace.current = null;
    }
  }, [firstId]);
  useLayoutEffect(() => {
    const element = scroller.current;
    // On opening, on a message one just sent, and on news while at the bottom.
    if (element && (atBottom.current || last?.isTemporary)) {
      element.scrollTop = element.scrollHeight;
    }
  }, [last?.id, last?.isTemporary]);

  const unread = messages
    .filter((message) => message.senderId !== userId && !message.isRead)
    .map((message) => message.id)
    .join();
  const { mutate: markChatRead } = markRead;
  useEffect(() => {
    if (unread) {
      markChatRead(chatId);
    }
  }, [unread, chatId, markChatRead]);

  return (
    <>
      <div
        ref={scroller}
        onScroll={onScroll}
        // Focusable so the keyboard can scroll it (and reach older messages).
        tabIndex={0}
        role="log"
        aria-label="Messages"
        className="flex-1 overflow-y-auto p-4 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {query.isPending ? (
          <p className="flex justify-center">
            <Loader2 aria-label="Loading messages" className="size-5 animate-spin" />
          </p>
        ) : query.isError && !query.data ? (
          <LoadError
            message={MESSAGES.messagesLoadFailed}
            onRetry={() => void query.refetch()}
            className="text-center text-sm text-gray-600 dark:text-gray-300"
          />
        ) : (
          <>
            {hasNextPage && (
              <div className="mb-3 flex justify-center">
                <Button
                  onClick={loadOlder}
                  disabled={isFetchingNextPage}
                  variant="secondary"
                  size="sm"
                >
                  {isFetchingNextPage && <Loader2 aria-hidden className="size-4 animate-spin" />}
                  Load older messages
                </Button>
              </div>
            )}
            {messages.length === 0 ? (
              <p className="text-center text-sm text-gray-600 dark:text-gray-300">
                {MESSAGES.noMessagesYet}
              </p>
            ) : (
              <ol className="space-y-3">
                {messages.map((message) => (
                  <MessageItem
                    key={message.id}
                    message={message}
                    own={message.senderId === userId}
                    editable={!readOnly && canEdit(message, userId, now)}
                    now={now}
                    onDelete={setDeleting}
                  />
                ))}
              </ol>
            )}
          </>
        )}
      </div>
      {readOnly ? (
        <p className="border-t border-gray-200 p-3 text-sm text-gray-600 dark:border-gray-800 dark:text-gray-300">
          {CHAT_READ_ONLY_NOTE}
        </p>
      ) : (
        <Composer chatId={chatId} since={saved.at(-1)?.createdAt ?? null} />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete Message"
          pending={false}
          onConfirm={() => {
            deleteMessage.mutate(deleting);
            setDeleting(null);
          }}
          onClose={() => setDeleting(null)}
        >
          {MESSAGES.deleteMessageText}
        </ConfirmDialog>
      )}
    </>
  );
}
