import { type Kysely, sql } from 'kysely';

import { booleanType } from '../column-types';

/*
 * CalDAV sync-collection (RFC 6578, ADR 0041). `dav_sync_state`: per user, the revision of their
 * latest change (every write that changes an item of theirs takes the next one) and `floor`, the
 * oldest revision a sync token may still name. `dav_sync_items`: per collection and item, the
 * revision that last changed it there and whether it left (deleted, or moved to another
 * collection), with the name it was served under: the change log, one row per item and
 * collection, so a collection's changes since a token are its rows with a later revision.
 *
 * Every item there is now is entered at revision 0, so that a later move or delete knows which
 * collection, and which name, it leaves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dav_sync_state')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('revision', 'integer', (col) => col.notNull())
    .addColumn('floor', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('dav_sync_items')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('collection', 'text', (col) => col.notNull())
    .addColumn('item_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('revision', 'integer', (col) => col.notNull())
    .addColumn('deleted', booleanType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint('dav_sync_items_pk', ['user_id', 'collection', 'item_id'])
    .execute();
  // A sync reads a collection's rows after a revision; a write finds an item's rows.
  await db.schema
    .createIndex('dav_sync_items_revision_idx')
    .on('dav_sync_items')
    .columns(['user_id', 'collection', 'revision'])
    .execute();
  await db.schema
    .createIndex('dav_sync_items_item_idx')
    .on('dav_sync_items')
    .columns(['user_id', 'item_id'])
    .execute();
  const no = sql.lit(false);
  await sql`
    insert into dav_sync_items (user_id, collection, item_id, name, revision, deleted)
    select todos.user_id, coalesce(todos.list_id, 'inbox'), todos.id,
      coalesce(dav_objects.name, todos.id || '.ics'), 0, ${no}
    from todos left join dav_objects on dav_objects.todo_id = todos.id
  `.execute(db);
  await sql`
    insert into dav_sync_items (user_id, collection, item_id, name, revision, deleted)
    select user_id, 'daily-goals', id, id || '.ics', 0, ${no} from daily_tasks
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dav_sync_items').execute();
  await db.schema.dropTable('dav_sync_state').execute();
}
