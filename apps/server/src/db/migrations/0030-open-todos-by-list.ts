import type { Kysely } from 'kysely';

/**
 * A user's open todos by list (ADR 0028, 2026-11-28). The sidebar counts each list's open todos
 * and the Inbox's, and a saved filter naming a list is counted from that list's open todos
 * (filters/counts.ts). With the list's other index (`user_id, list_id, created_at, id`), every
 * todo of the user, done or not, was read for the first, and SQLite, whose statistics come from a
 * sample, chose the open todos in date order for the second. This index answers both alone: the
 * counts by list are read from it without the rows, and a list's open todos are one range of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('todos_user_open_list_idx')
    .on('todos')
    .columns(['user_id', 'completed', 'list_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('todos_user_open_list_idx').execute();
}
