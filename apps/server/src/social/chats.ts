import {
  LAST_MESSAGE_PREVIEW_LENGTH,
  MESSAGE_EDIT_WINDOW_MS,
  MESSAGES,
  QUOTAS,
} from '@daywise/shared';
import type { Chat, Message, MessagePage } from '@daywise/shared/schemas';
import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';

import type { ChatTable, Database, MessageTable } from '../db/schema';
import { ApiError } from '../lib/errors';
import { newId } from '../lib/ids';
import { requireUnderQuota } from '../lib/quota';
import {
  orderedPair,
  otherOf,
  requireFriend,
  type SocialServices,
  socialUsersById,
} from './social';

type ChatRow = Selectable<ChatTable>;
type MessageRow = Selectable<MessageTable>;

/** A chat's filter for "`userId` takes part in it". */
function hasParticipant(userId: string) {
  return (eb: ExpressionBuilder<Database, 'chats'>) =>
    eb.or([eb('user1_id', '=', userId), eb('user2_id', '=', userId)]);
}

function participants(chat: ChatRow): [string, string] {
  return [chat.user1_id, chat.user2_id];
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

/** A chat the user takes part in, or 404: a third user learns nothing (ADR 0011). */
async function requireChat(db: Kysely<Database>, userId: string, chatId: string) {
  const chat = await db
    .selectFrom('chats')
    .selectAll()
    .where('id', '=', chatId)
    .where(hasParticipant(userId))
    .executeTakeFirst();
  if (!chat) {
    throw new ApiError('NOT_FOUND');
  }
  return chat;
}

/**
 * Runs a change to one of the user's chats in a transaction that first locks the chat's row, so
 * sends, edits and deletions in one chat take turns and its last message stays right.
 */
async function changeChat<T>(
  db: Kysely<Database>,
  userId: string,
  chatId: string,
  change: (trx: Kysely<Database>, chat: ChatRow) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('chats')
      .set((eb) => ({ last_message_at: eb.ref('last_message_at') }))
      .where('id', '=', chatId)
      .where(hasParticipant(userId))
      .execute();
    return change(trx, await requireChat(trx, userId, chatId));
  });
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

/**
 * Points the chat's preview at its newest message (its first 100 characters) and
 * says whether the preview changed, which is when both participants' chat lists need a refresh.
 */
async function refreshLastMessage(trx: Kysely<Database>, chat: ChatRow): Promise<boolean> {
  const newest = await newestMessage(trx, chat.id);
  const preview = {
    last_message: newest ? newest.content.slice(0, LAST_MESSAGE_PREVIEW_LENGTH) : null,
    last_message_at: newest?.created_at ?? null,
  };
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
  services: SocialServices,
  userId: string,
  friendId: string,
): Promise<{ chat: Chat; created: boolean }> {
  const { db } = services;
  await requireFriend(db, userId, friendId);
  const pair = orderedPair(userId, friendId);
  const existing = await db
    .selectFrom('chats')
    .select('id')
    .where('user1_id', '=', pair.user1_id)
    .where('user2_id', '=', pair.user2_id)
    .executeTakeFirst();
  if (!existing) {
    const chatCount = async (id: string) =>
      (
        await db
          .selectFrom('chats')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where(hasParticipant(id))
          .executeTakeFirstOrThrow()
      ).count;
    requireUnderQuota(
      await chatCount(userId),
      QUOTAS.chats,
      `You can have at most ${QUOTAS.chats} chats.`,
    );
    requireUnderQuota(
      await chatCount(friendId),
      QUOTAS.chats,
      `Your friend already has ${QUOTAS.chats} chats.`,
    );
  }
  // The pair's unique key makes two opens at once end with one chat.
  const inserted = await db
    .insertInto('chats')
    .values({
      id: newId(),
      ...pair,
      last_message: null,
      last_message_at: null,
      created_at: services.now.toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['user1_id', 'user2_id']).doNothing())
    .executeTakeFirst();
  const row = await db
    .selectFrom('chats')
    .selectAll()
    .where('user1_id', '=', pair.user1_id)
    .where('user2_id', '=', pair.user2_id)
    .executeTakeFirstOrThrow();
  const created = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  if (created) {
    services.publish(participants(row), { type: 'chat.changed', chatId: row.id });
  }
  const [chat] = await presentChats(db, userId, [row]);
  if (!chat) {
    throw new ApiError('NOT_FOUND');
  }
  return { chat, created };
}

/** Either participant deletes the chat for both, with all its messages. */
export async function deleteChat(
  services: SocialServices,
  userId: string,
  chatId: string,
): Promise<void> {
  const chat = await requireChat(services.db, userId, chatId);
  // Its messages go with it (the foreign key cascades).
  await services.db.deleteFrom('chats').where('id', '=', chat.id).execute();
  services.publish(participants(chat), { type: 'chat.deleted', chatId: chat.id });
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
  await requireChat(db, userId, chatId);
  let query = db.selectFrom('messages').selectAll().where('chat_id', '=', chatId);
  if (page.before) {
    const cursor = await db
      .selectFrom('messages')
      .select(['created_at', 'id'])
      .where('id', '=', page.before)
      .where('chat_id', '=', chatId)
      .executeTakeFirst();
    if (!cursor) {
      throw new ApiError('NOT_FOUND');
    }
    query = query.where(sql<boolean>`(created_at, id) < (${cursor.created_at}, ${cursor.id})`);
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
 */
export async function sendMessage(
  services: SocialServices,
  userId: string,
  chatId: string,
  content: string,
): Promise<Message> {
  const { row, chat } = await changeChat(services.db, userId, chatId, async (trx, chat) => {
    await requireFriend(trx, userId, otherOf(chat, userId));
    const newest = await newestMessage(trx, chat.id);
    const after = newest ? Date.parse(newest.created_at) + 1 : 0;
    const row: MessageRow = {
      id: newId(),
      chat_id: chat.id,
      sender_id: userId,
      content,
      message_type: 'text',
      is_read: false,
      is_edited: false,
      edited_at: null,
      created_at: new Date(Math.max(services.now.getTime(), after)).toISOString(),
    };
    await trx.insertInto('messages').values(row).execute();
    await refreshLastMessage(trx, chat);
    return { row, chat };
  });
  const message = presentMessage(row);
  services.publish(participants(chat), { type: 'message.created', message });
  services.publish(participants(chat), { type: 'chat.changed', chatId: chat.id });
  return message;
}

/** One of the chat's messages that `userId` sent, else 404 or 403 (docs/product/social.md#chat). */
async function requireOwnMessage(
  trx: Kysely<Database>,
  userId: string,
  chat: ChatRow,
  messageId: string,
  notSenderMessage: string,
): Promise<MessageRow> {
  const message = await trx
    .selectFrom('messages')
    .selectAll()
    .where('id', '=', messageId)
    .where('chat_id', '=', chat.id)
    .executeTakeFirst();
  if (!message) {
    throw new ApiError('NOT_FOUND');
  }
  if (message.sender_id !== userId) {
    throw new ApiError('NOT_MESSAGE_SENDER', notSenderMessage);
  }
  return message;
}

/**
 * Only the sender edits, only within 5 minutes of sending, and only while the two
 * are friends; deleting one's own message stays possible after the friendship ends.
 */
export async function editMessage(
  services: SocialServices,
  userId: string,
  chatId: string,
  messageId: string,
  content: string,
): Promise<Message> {
  const now = services.now;
  const { row, chat, previewChanged } = await changeChat(
    services.db,
    userId,
    chatId,
    async (trx, chat) => {
      // Like sending, editing needs the friendship to still exist (ADR 0016).
      await requireFriend(trx, userId, otherOf(chat, userId));
      const message = await requireOwnMessage(
        trx,
        userId,
        chat,
        messageId,
        MESSAGES.editOwnMessagesOnly,
      );
      if (now.getTime() - Date.parse(message.created_at) > MESSAGE_EDIT_WINDOW_MS) {
        throw new ApiError('EDIT_WINDOW_PASSED');
      }
      const row: MessageRow = {
        ...message,
        content,
        is_edited: true,
        edited_at: now.toISOString(),
      };
      await trx
        .updateTable('messages')
        .set({ content, is_edited: true, edited_at: row.edited_at })
        .where('id', '=', message.id)
        .execute();
      return { row, chat, previewChanged: await refreshLastMessage(trx, chat) };
    },
  );
  const message = presentMessage(row);
  services.publish(participants(chat), { type: 'message.updated', message });
  if (previewChanged) {
    services.publish(participants(chat), { type: 'chat.changed', chatId: chat.id });
  }
  return message;
}

/** Only the sender deletes a message, at any time. */
export async function deleteMessage(
  services: SocialServices,
  userId: string,
  chatId: string,
  messageId: string,
): Promise<void> {
  const { chat, previewChanged } = await changeChat(
    services.db,
    userId,
    chatId,
    async (trx, chat) => {
      await requireOwnMessage(trx, userId, chat, messageId, MESSAGES.deleteOwnMessagesOnly);
      await trx.deleteFrom('messages').where('id', '=', messageId).execute();
      return { chat, previewChanged: await refreshLastMessage(trx, chat) };
    },
  );
  services.publish(participants(chat), { type: 'message.deleted', chatId: chat.id, messageId });
  if (previewChanged) {
    services.publish(participants(chat), { type: 'chat.changed', chatId: chat.id });
  }
}

/** Marks the friend's unread messages in the chat read; answers how many. */
export async function markChatRead(
  services: SocialServices,
  userId: string,
  chatId: string,
): Promise<{ updated: number }> {
  const chat = await requireChat(services.db, userId, chatId);
  const result = await services.db
    .updateTable('messages')
    .set({ is_read: true })
    .where('chat_id', '=', chat.id)
    .where('is_read', '=', false)
    .where('sender_id', '=', otherOf(chat, userId))
    .executeTakeFirst();
  const updated = Number(result.numUpdatedRows);
  if (updated > 0) {
    services.publish(participants(chat), {
      type: 'messages.read',
      chatId: chat.id,
      readerId: userId,
    });
  }
  return { updated };
}
