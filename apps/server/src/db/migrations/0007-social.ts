import { type Kysely, sql } from 'kysely';

import { booleanType, timestampType } from '../column-types';

/**
 * Social (ADR 0011): friend requests, friendships, one chat per pair with its
 * messages, and shared plans whose tasks are rows of their own. A pair is always stored with
 * `user1_id < user2_id`, so it has exactly one row and one unique key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = timestampType(db);
  const bool = booleanType(db);
  const falseValue = bool === 'boolean' ? sql`false` : sql`0`;
  const userRef = 'users.id';

  await db.schema
    .createTable('friend_requests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('from_user_id', 'text', (col) =>
      col.notNull().references(userRef).onDelete('cascade'),
    )
    .addColumn('to_user_id', 'text', (col) => col.notNull().references(userRef).onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('created_at', timestamp, (col) => col.notNull())
    // Accepting or rejecting deletes the request, so this is "one pending request per pair".
    .addUniqueConstraint('friend_requests_pair_key', ['from_user_id', 'to_user_id'])
    .execute();
  await db.schema
    .createIndex('friend_requests_to_created_idx')
    .on('friend_requests')
    .columns(['to_user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('friendships')
    .addColumn('user1_id', 'text', (col) => col.notNull().references(userRef).onDelete('cascade'))
    .addColumn('user2_id', 'text', (col) => col.notNull().references(userRef).onDelete('cascade'))
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint('friendships_pkey', ['user1_id', 'user2_id'])
    .addCheckConstraint('friendships_ordered_check', sql`user1_id < user2_id`)
    .execute();
  await db.schema
    .createIndex('friendships_user2_idx')
    .on('friendships')
    .columns(['user2_id', 'user1_id'])
    .execute();

  await db.schema
    .createTable('chats')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user1_id', 'text', (col) => col.notNull().references(userRef).onDelete('cascade'))
    .addColumn('user2_id', 'text', (col) => col.notNull().references(userRef).onDelete('cascade'))
    .addColumn('last_message', 'text')
    .addColumn('last_message_at', timestamp)
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addUniqueConstraint('chats_pair_key', ['user1_id', 'user2_id'])
    .addCheckConstraint('chats_ordered_check', sql`user1_id < user2_id`)
    .execute();
  await db.schema
    .createIndex('chats_user2_idx')
    .on('chats')
    .columns(['user2_id', 'last_message_at'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('chat_id', 'text', (col) => col.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('sender_id', 'text', (col) => col.notNull().references(userRef).onDelete('cascade'))
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('message_type', 'text', (col) => col.notNull().defaultTo('text'))
    .addColumn('is_read', bool, (col) => col.notNull().defaultTo(falseValue))
    .addColumn('is_edited', bool, (col) => col.notNull().defaultTo(falseValue))
    .addColumn('edited_at', timestamp)
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  // Keyset pages: newest first within a chat, ties broken by id.
  await db.schema
    .createIndex('messages_chat_created_idx')
    .on('messages')
    .columns(['chat_id', 'created_at', 'id'])
    .execute();
  // Unread counts and "mark read" touch only a chat's unread messages, not its whole history.
  await db.schema
    .createIndex('messages_chat_unread_idx')
    .on('messages')
    .columns(['chat_id', 'is_read', 'sender_id'])
    .execute();

  await db.schema
    .createTable('shared_plans')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('creator_id', 'text', (col) => col.notNull().references(userRef).onDelete('cascade'))
    .addColumn('shared_with_id', 'text', (col) =>
      col.notNull().references(userRef).onDelete('cascade'),
    )
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(sql`''`))
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('shared_plans_creator_updated_idx')
    .on('shared_plans')
    .columns(['creator_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('shared_plans_shared_with_updated_idx')
    .on('shared_plans')
    .columns(['shared_with_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('shared_plan_tasks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('plan_id', 'text', (col) =>
      col.notNull().references('shared_plans.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('completed', bool, (col) => col.notNull().defaultTo(falseValue))
    .addColumn('created_by', 'text', (col) => col.notNull().references(userRef).onDelete('cascade'))
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.references(userRef).onDelete('set null'))
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .addColumn('completed_by', 'text', (col) => col.references(userRef).onDelete('set null'))
    .addColumn('completed_at', timestamp)
    .execute();
  await db.schema
    .createIndex('shared_plan_tasks_plan_created_idx')
    .on('shared_plan_tasks')
    .columns(['plan_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shared_plan_tasks').execute();
  await db.schema.dropTable('shared_plans').execute();
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('chats').execute();
  await db.schema.dropTable('friendships').execute();
  await db.schema.dropTable('friend_requests').execute();
}
