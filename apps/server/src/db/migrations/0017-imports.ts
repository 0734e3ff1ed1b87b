import type { Kysely } from 'kysely';

import { timestampType } from '../column-types';

/**
 * Imports (issue 16, imports/).
 *
 * `imports`: one row per confirmed import, which the page polls for its progress and result.
 * `import_items`: what each import brought in, by a per-user source key (a hash of the source and
 * the item's original identity), so importing the same file again adds nothing. A row goes with
 * its todo, so a todo the user deleted comes back if they import again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = timestampType(db);
  await db.schema
    .createTable('imports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('format', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addColumn('processed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('existing_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('tags_created', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('problems', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .addColumn('finished_at', timestamp)
    .execute();
  await db.schema
    .createIndex('imports_user_idx')
    .on('imports')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('import_items')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source_key', 'text', (col) => col.notNull())
    .addColumn('todo_id', 'text', (col) => col.notNull().references('todos.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('import_items_pkey', ['user_id', 'source_key'])
    .execute();
  await db.schema
    .createIndex('import_items_todo_idx')
    .on('import_items')
    .column('todo_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_items').execute();
  await db.schema.dropTable('imports').execute();
}
