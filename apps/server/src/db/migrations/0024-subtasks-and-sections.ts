import { type Kysely, sql } from 'kysely';

import { timestampType } from '../column-types';

/**
 * Sections and subtasks (issue 32, ADR 0027). A section is a named group of todos within a list,
 * or within the Inbox (`list_id` null), and goes with its list. A todo gains its section, its
 * parent (a subtask goes with it), its place among its siblings (`position`, 0..n-1: the same
 * parent's subtasks, or the top-level todos of the same list and section), and the todo whose
 * completion completed it, so that reopening that todo reopens it too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = timestampType(db);
  await db.schema
    .createTable('sections')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('list_id', 'text', (col) => col.references('lists.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
  // GET /api/sections and a list's sections in order.
  await db.schema
    .createIndex('sections_user_list_position_idx')
    .on('sections')
    .columns(['user_id', 'list_id', 'position'])
    .execute();
  await db.schema
    .alterTable('todos')
    .addColumn('section_id', 'text', (col) => col.references('sections.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('todos')
    .addColumn('parent_id', 'text', (col) => col.references('todos.id').onDelete('cascade'))
    .execute();
  await db.schema
    .alterTable('todos')
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('todos')
    .addColumn('completed_with', 'text', (col) => col.references('todos.id').onDelete('set null'))
    .execute();
  // Every todo so far is top-level and in no section: its place in its list, oldest first.
  await sql`
    update todos set position = ranked.place - 1
    from (
      select id, row_number() over (partition by user_id, list_id order by created_at, id) as place
      from todos
    ) as ranked
    where todos.id = ranked.id
  `.execute(db);
  // A todo's subtasks in order, and their counts on every todo of a list.
  await db.schema
    .createIndex('todos_parent_position_idx')
    .on('todos')
    .columns(['parent_id', 'position'])
    .execute();
  // The top-level todos of a list and section in order: where a new one goes, and a move.
  await db.schema
    .createIndex('todos_top_level_position_idx')
    .on('todos')
    .columns(['user_id', 'list_id', 'section_id', 'position'])
    .where(sql.ref('parent_id'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('todos_top_level_position_idx').execute();
  await db.schema.dropIndex('todos_parent_position_idx').execute();
  for (const column of ['completed_with', 'position', 'parent_id', 'section_id']) {
    await db.schema.alterTable('todos').dropColumn(column).execute();
  }
  await db.schema.dropTable('sections').execute();
}
