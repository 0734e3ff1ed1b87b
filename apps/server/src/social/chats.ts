import { LAST_MESSAGE_PREVIEW_LENGTH, MESSAGES, QUOTAS } from '@daywise/shared';
import type { Chat, Message, MessagePage } from '@daywise/shared/schemas';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';

import type { ChatTable, Database, MessageTable } from '../db/schema';
import type { DomainEvent } from '../lib/events';
import { newId } from '../lib/ids';
import { readable } from '../lib/policy';
import { requireUnderQuota } from '../lib/quota';
import type { Emitting } from './events';
import {
  editableMessage,
  hasParticipant,
  ownMessage,
  readableChat,
  requireFriend,
  requireFriendship,
} from './policy';
import { orderedPair, otherOf, socialUsersById } from './social';

type ChatRow = Selectable<ChatTable>;
type MessageRow = Selectable<MessageTable>;

function participants(chat: ChatRow): [string, string] {
  return [chat.user1_id, chat.user2_id];
}

/** Both participants' chat lists need a refresh when the chat's preview changed. */
function chatChanged(chat: ChatRow, changed = true): DomainEvent[] {
  return changed ? [{ type: 'chat.changed', userIds: participants(chat), chatId: chat.id }] : [];
}

export function presentMessage(row: MessageRow): Message {
  return {
    id: row.id,
    chatId: row.chat_id,
    senderId: row.sender_id,
    content: row.content,
    messageType: row.message_type,
    createdAt: row.created_at,
    isRead: Boolean(row.is_read),
    isEdited: Boolean(row.is_edited),
    editedAt: row.edited_at,
  };
}

/** Chats as the reader sees them: the friend, and how many of the friend's messages are unread. */
async function presentChats(
  db: Kysely<Database>,
  userId: string,
  chats: ChatRow[],
): Promise<Chat[]> {
  if (chats.length === 0) {
    return [];
  }
  const [friends, unread] = await Promise.all([
    socialUsersById(
      db,
      userId,
      chats.map((chat) => otherOf(chat, userId)),
    ),
    db
      .selectFrom('messages')
      .select((eb) => ['chat_id', eb.fn.countAll<number>().as('count')])
      .where(
        'chat_id',
        'in',
        chats.map((chat) => chat.id),
      )
      .where('is_read', '=', false)
      .where('sender_id', '<>', userId)
      .groupBy('chat_id')
      .execute(),
  ]);
  const unreadByChat = new Map(unread.map((row) => [row.chat_id, Number(row.count)]));
  return chats.flatMap((chat) => {
    const friend = friends.get(otherOf(chat, userId));
    return friend
      ? [
          {
            id: chat.id,
            friend,
            lastMessage: chat.last_message,
            lastMessageAt: chat.last_message_at,
            unreadCount: unreadByChat.get(chat.id) ?? 0,
            createdAt: chat.created_at,
          },
        ]
      : [];
  });
}

/** The user's chats, newest activity first, at most the quota (ADR 0016). */
export async function listChats(db: Kysely<Database>, userId: string): Promise<Chat[]> {
  const rows = await db
    .selectFrom('chats')
    .selectAll()
    .where(hasParticipant(userId))
    .orderBy(sql`coalesce(last_message_at, created_at)`, 'desc')
    .orderBy('id', 'desc')
    .limit(QUOTAS.chats)
    .execute();
  return presentChats(db, userId, rows);
}

/**
 * Locks one of the user's chats for the rest of the transaction, so sends, edits and deletions in
 * one chat take turns and its last message stays right. The locking update answers the row too:
 * a chat the user takes no part in is 404, as `readableChat` answers.
 */
async function lockChat(
  trx: Transaction<Database>,
  userId: string,
  chatId: string,
): Promise<ChatRow> {
  const chat = await trx
    .updateTable('chats')
    .set((eb) => ({ last_message_at: eb.ref('last_message_at') }))
    .where('id', '=', chatId)
    .where(hasParticipant(userId))
    .returningAll()
    .executeTakeFirst();
  return readable(chat);
}

/** Runs a change to one of the user's chats in a transaction that first locks it. */
async function changeChat<T>(
  db: Kysely<Database>,
  userId: string,
  chatId: string,
  change: (trx: Kysely<Database>, chat: ChatRow) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => change(trx, await lockChat(trx, userId, chatId)));
}

/** The chat's newest message, or undefined. */
function newestMessage(db: Kysely<Database>, chatId: string) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('chat_id', '=', chatId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** What a chat's list shows of its newest message: its first 100 characters, and its time. */
function previewOf(newest: Pick<MessageRow, 'content' | 'created_at'> | undefined) {
  return {
    last_message: newest ? newest.content.slice(0, LAST_MESSAGE_PREVIEW_LENGTH) : null,
    last_message_at: newest?.created_at ?? null,
  };
}

/**
 * Points the chat's preview at its newest message and says whether the preview changed, which is
 * when both participants' chat lists need a refresh.
 */
async function refreshLastMessage(trx: Kysely<Database>, chat: ChatRow): Promise<boolean> {
  const preview = previewOf(await newestMessage(trx, chat.id));
  if (
    preview.last_message === chat.last_message &&
    preview.last_message_at === chat.last_message_at
  ) {
    return false;
  }
  await trx.updateTable('chats').set(preview).where('id', '=', chat.id).execute();
  return true;
}

/** Opens the chat with a friend, creating it the first time (get or create). */
export async function openChat(
  db: Kysely<Database>,
  userId: string,
  friendId: string,
  now: Date,
): Promise<Emitting<{ chat: Chat; created: boolean }>> {
  const pair = orderedPair(userId, friendId);
  const { row, created } = await db.transaction().execute(async (trx) => {
    await requireFriend(trx, userId, friendId);
    const ofPair = () =>
      trx
        .selectFrom('chats')
        .selectAll()
        .where((eb) => eb.and(pair));
    const existing = await ofPair().executeTakeFirst();
    if (existing) {
      return { row: existing, created: false };
    }
    const chatsOf = (id: string) => trx.selectFrom('chats').where(hasParticipant(id));
    await requireUnderQuota(trx, 'chats', [
      {
        userId,
        rows: chatsOf(userId),
        max: QUOTAS.chats,
        message: `You can have at most ${QUOTAS.chats} chats.`,
      },
      {
        userId: friendId,
        rows: chatsOf(friendId),
        max: QUOTAS.chats,
        message: `Your friend already has ${QUOTAS.chats} chats.`,
      },
    ]);
    // The pair's unique key makes two opens at once end with one chat.
    const inserted = await trx
      .insertInto('chats')
      .values({
        id: newId(),
        ...pair,
        last_message: null,
        last_message_at: null,
        created_at: now.toISOString(),
      })
      .onConflict((conflict) => conflict.columns(['user1_id', 'user2_id']).doNothing())
      .executeTakeFirst();
    return {
      row: await ofPair().executeTakeFirstOrThrow(),
      created: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0,
    };
  });
  const [chat] = await presentChats(db, userId, [row]);
  return { result: { chat: readable(chat), created }, events: chatChanged(row, created) };
}

/** Either participant deletes the chat for both, with all its messages. */
export async function deleteChat(
  db: Kysely<Database>,
  userId: string,
  chatId: string,
): Promise<Emitting<void>> {
  const chat = await readableChat(db, userId, chatId);
  // Its messages go with it (the foreign key cascades).
  await db.deleteFrom('chats').where('id', '=', chat.id).execute();
  return {
    result: undefined,
    events: [{ type: 'chat.deleted', userIds: participants(chat), chatId: chat.id }],
  };
}

/**
 * A page of messages (ADR 0011): the `limit` newest before the `before` message, by keyset on
 * (created_at, id), so an old page costs the same as the first. Answered oldest first.
 */
export async function messagePage(
  db: Kysely<Database>,
  userId: string,
  chatId: string,
  page: { before?: string | undefined; limit: number },
): Promise<MessagePage> {
  await readableChat(db, userId, chatId);
  let query = db.selectFrom('messages').selectAll().where('chat_id', '=', chatId);
  if (page.before) {
    const cursor = await db
      .selectFrom('messages')
      .select(['created_at', 'id'])
      .where('id', '=', page.before)
      .where('chat_id', '=', chatId)
      .executeTakeFirst();
    const { created_at: createdAt, id } = readable(cursor);
    query = query.where(sql<boolean>`(created_at, id) < (${createdAt}, ${id})`);
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const messages = rows.slice(0, page.limit).reverse();
  const more = rows.length > page.limit;
  return {
    messages: messages.map(presentMessage),
    nextCursor: more ? (messages[0]?.id ?? null) : null,
  };
}

/**
 * Sends a message; the friendship must still exist (ADR 0011). A message's time is kept after
 * the chat's newest one, so two messages sent within a millisecond still keep their order.
 *
 * Four statements under the chat's lock (ADR 0018): the lock answers the chat, one read answers
 * the friendship and the newest message's time, then the insert, and the preview is set to the
 * new message, which is the newest by construction. They run in the caller's transaction, the
 * idempotent write's (lib/idempotency.ts).
 */
export async function sendMessage(
  trx: Transaction<Database>,
  userId: string,
  chatId: string,
  content: string,
  now: Date,
): Promise<Emitting<Message>> {
  const chat = await lockChat(trx, userId, chatId);
  const { friends, newest } = await trx
    .selectNoFrom((eb) => [
      eb
        .exists(
          eb
            .selectFrom('friendships')
            .select('user1_id')
            .where('user1_id', '=', chat.user1_id)
            .where('user2_id', '=', chat.user2_id),
        )
        .as('friends'),
      eb
        .selectFrom('messages')
        .select('created_at')
        .where('chat_id', '=', chat.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .as('newest'),
    ])
    .executeTakeFirstOrThrow();
  requireFriendship(Boolean(friends));
  const after = newest ? Date.parse(newest) + 1 : 0;
  const row: MessageRow = {
    id: newId(),
    chat_id: chat.id,
    sender_id: userId,
    content,
    message_type: 'text',
    is_read: false,
    is_edited: false,
    edited_at: null,
    created_at: new Date(Math.max(now.getTime(), after)).toISOString(),
  };
  await trx.insertInto('messages').values(row).execute();
  await trx.updateTable('chats').set(previewOf(row)).where('id', '=', chat.id).execute();
  const message = presentMessage(row);
  return {
    result: message,
    events: [
      { type: 'message.created', userIds: participants(chat), message },
      ...chatChanged(chat),
    ],
  };
}

/**
 * Only the sender edits, only within 5 minutes of sending, and only while the two
 * are friends; deleting one's own message stays possible after the friendship ends.
 */
export async function editMessage(
  db: Kysely<Database>,
  userId: string,
  chatId: string,
  messageId: string,
  content: string,
  now: Date,
): Promise<Emitting<Message>> {
  return changeChat(db, userId, chatId, async (trx, chat) => {
    // Like sending, editing needs the friendship to still exist (ADR 0016).
    await requireFriend(trx, userId, otherOf(chat, userId));
    const own = await ownMessage(trx, userId, chat, messageId, MESSAGES.editOwnMessagesOnly);
    editableMessage(own, now);
    const row: MessageRow = { ...own, content, is_edited: true, edited_at: now.toISOString() };
    await trx
      .updateTable('messages')
      .set({ content, is_edited: true, edited_at: row.edited_at })
      .where('id', '=', own.id)
      .execute();
    const previewChanged = await refreshLastMessage(trx, chat);
    const message = presentMessage(row);
    return {
      result: message,
      events: [
        { type: 'message.updated', userIds: participants(chat), message },
        ...chatChanged(chat, previewChanged),
      ],
    };
  });
}

/** Only the sender deletes a message, at any time. */
export async function deleteMessage(
  db: Kysely<Database>,
  userId: string,
  chatId: string,
  messageId: string,
): Promise<Emitting<void>> {
  return changeChat(db, userId, chatId, async (trx, chat) => {
    await ownMessage(trx, userId, chat, messageId, MESSAGES.deleteOwnMessagesOnly);
    await trx.deleteFrom('messages').where('id', '=', messageId).execute();
    const previewChanged = await refreshLastMessage(trx, chat);
    return {
      result: undefined,
      events: [
        { type: 'message.deleted', userIds: participants(chat), chatId: chat.id, messageId },
        ...chatChanged(chat, previewChanged),
      ],
    };
  });
}

/** Marks the friend's unread messages in the chat read; answers how many. */
export async function markChatRead(
  db: Kysely<Database>,
  userId: string,
  chatId: string,
): Promise<Emitting<{ updated: number }>> {
  const chat = await readableChat(db, userId, chatId);
  const result = await db
    .updateTable('messages')
    .set({ is_read: true })
    .where('chat_id', '=', chat.id)
    .where('is_read', '=', false)
    .where('sender_id', '=', otherOf(chat, userId))
    .executeTakeFirst();
  const updated = Number(result.numUpdatedRows);
  return {
    result: { updated },
    events:
      updated > 0
        ? [
            {
              type: 'messages.read',
              userIds: participants(chat),
              chatId: chat.id,
              readerId: userId,
            },
          ]
        : [],
  };
}
