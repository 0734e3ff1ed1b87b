import type { Kysely } from 'kysely';

/**
 * The open (or done) top-level todos of a user, or of one of their lists, counted from an index
 * alone (docs/performance.md, step 24). My Todos and a list's page read `parent=none` (ADR 0027,
 * web) and count what matches for their headings; with the index on `user_id, completed,
 * list_id` (migration 0030) every one of those todos was read from the table to test
 * `parent_id`. With `parent_id` last in the same index the count reads the index alone, and the
 * counts by list (the sidebar's) still read its first three columns. It replaces 0030's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('todos_user_open_list_parent_idx')
    .on('todos')
    .columns(['user_id', 'completed', 'list_id', 'parent_id'])
    .execute();
  await db.schema.dropIndex('todos_user_open_list_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('todos_user_open_list_idx')
    .on('todos')
    .columns(['user_id', 'completed', 'list_id'])
    .execute();
  await db.schema.dropIndex('todos_user_open_list_parent_idx').execute();
}
