import type { Kysely } from 'kysely';

/**
 * Tags on todos (issue 16): a todo carries any number of its user's tags (`user_tags`, the tags
 * plan tasks use). One row per todo and tag; deleting either deletes the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('todo_tags')
    .addColumn('todo_id', 'text', (col) => col.notNull().references('todos.id').onDelete('cascade'))
    .addColumn('tag_id', 'text', (col) =>
      col.notNull().references('user_tags.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('todo_tags_pkey', ['todo_id', 'tag_id'])
    .execute();
  // The list's tag filter reads the todos of one tag.
  await db.schema
    .createIndex('todo_tags_tag_idx')
    .on('todo_tags')
    .columns(['tag_id', 'todo_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('todo_tags').execute();
}
