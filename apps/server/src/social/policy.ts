import { MESSAGE_EDIT_WINDOW_MS } from '@daywise/shared';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';

import type { ChatTable, Database, MessageTable, SharedPlanTable } from '../db/schema';
import { changeable, readable } from '../lib/policy';
import { areFriends } from './social';

/**
 * Who may read or change what among friends (docs/ARCHITECTURE.md, "Policies"; ADR 0011, ADR
 * 0016): chats and shared plans are their two participants' alone, and anyone else's id answers
 * like a missing one; changing them needs the two to still be friends; a message is its sender's.
 */

type ChatRow = Selectable<ChatTable>;
type MessageRow = Selectable<MessageTable>;
type PlanRow = Selectable<SharedPlanTable>;

/** Chats and shared plans exist only between friends; 403 NOT_FRIENDS otherwise. */
export async function requireFriend(
  db: Kysely<Database>,
  userId: string,
  friendId: string,
): Promise<void> {
  requireFriendship(userId !== friendId && (await areFriends(db, userId, friendId)));
}

/** 403 NOT_FRIENDS unless `friends`: for a write that read the friendship itself. */
export function requireFriendship(friends: boolean): void {
  changeable(friends, 'NOT_FRIENDS');
}

/** A chat's filter for "`userId` takes part in it". */
export function hasParticipant(userId: string) {
  return (eb: ExpressionBuilder<Database, 'chats'>) =>
    eb.or([eb('user1_id', '=', userId), eb('user2_id', '=', userId)]);
}

/** A chat the user takes part in, or 404: a third user learns nothing (ADR 0011). */
export async function readableChat(
  db: Kysely<Database>,
  userId: string,
  chatId: string,
): Promise<ChatRow> {
  const chat = await db
    .selectFrom('chats')
    .selectAll()
    .where('id', '=', chatId)
    .where(hasParticipant(userId))
    .executeTakeFirst();
  return readable(chat);
}

/**
 * One of the chat's messages that `userId` sent: another chat's id is 404, the friend's message
 * 403 NOT_MESSAGE_SENDER with the given reason.
 */
export async function ownMessage(
  db: Kysely<Database>,
  userId: string,
  chat: ChatRow,
  messageId: string,
  notSender: string,
): Promise<MessageRow> {
  const message = readable(
    await db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', messageId)
      .where('chat_id', '=', chat.id)
      .executeTakeFirst(),
  );
  changeable(message.sender_id === userId, 'NOT_MESSAGE_SENDER', notSender);
  return message;
}

/** A message is edited only within 5 minutes of being sent; 403 EDIT_WINDOW_PASSED after. */
export function editableMessage(message: MessageRow, now: Date): void {
  changeable(
    now.getTime() - Date.parse(message.created_at) <= MESSAGE_EDIT_WINDOW_MS,
    'EDIT_WINDOW_PASSED',
  );
}

/**
 * A plan `userId` takes part in. A missing plan and someone else's get the same 404 'Shared plan
 * not found', so an outsider cannot tell them apart (ADR 0016, replacing ADR 0011's 403).
 */
export async function readablePlan(
  db: Kysely<Database>,
  userId: string,
  planId: string,
): Promise<PlanRow> {
  const plan = await db
    .selectFrom('shared_plans')
    .selectAll()
    .where('id', '=', planId)
    .where((eb) => eb.or([eb('creator_id', '=', userId), eb('shared_with_id', '=', userId)]))
    .executeTakeFirst();
  return readable(plan, 'SHARED_PLAN_NOT_FOUND');
}

/**
 * Once the friendship ends the plan stays readable and either of them may delete it, but neither
 * can change it: 403 NOT_FRIENDS (ADR 0016).
 */
export async function changeablePlan(db: Kysely<Database>, plan: PlanRow): Promise<void> {
  await requireFriend(db, plan.creator_id, plan.shared_with_id);
}
