import type { Kysely } from 'kysely';

/**
 * What CalDAV clients chose and Daywise does not model (ADR 0034, 2026-11-29). `dav_objects`: a
 * todo written over CalDAV keeps the resource name and UID its client gave it, its SEQUENCE, and
 * the iCalendar properties and components Daywise has no field for (`kept`, jCal JSON), served
 * back with it until it is deleted. `dav_collections`: a list made by MKCALENDAR keeps the path
 * segment its client chose. Both go with their todo or list (cascade), and so with the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dav_objects')
    .addColumn('todo_id', 'text', (col) =>
      col.primaryKey().references('todos.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('uid', 'text', (col) => col.notNull())
    .addColumn('kept', 'text', (col) => col.notNull())
    .addColumn('sequence', 'integer', (col) => col.notNull())
    .execute();
  // A request names a resource: found by its name, and a new one's UID checked for a clash.
  await db.schema
    .createIndex('dav_objects_user_name_idx')
    .on('dav_objects')
    .columns(['user_id', 'name'])
    .execute();
  await db.schema
    .createIndex('dav_objects_user_uid_idx')
    .on('dav_objects')
    .columns(['user_id', 'uid'])
    .execute();
  await db.schema
    .createTable('dav_collections')
    .addColumn('list_id', 'text', (col) =>
      col.primaryKey().references('lists.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('segment', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('dav_collections_user_segment_idx')
    .on('dav_collections')
    .columns(['user_id', 'segment'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dav_collections').execute();
  await db.schema.dropTable('dav_objects').execute();
}
