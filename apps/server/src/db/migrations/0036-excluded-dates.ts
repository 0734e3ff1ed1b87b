import type { Kysely } from 'kysely';

/**
 * Excluded dates (issue 33, ADR 0031, Moving repeating todos, 2026-11-29): the occurrences of a
 * repeating todo moved on their own, as the JSON text of their days (`["2026-12-07"]`), sorted.
 * They belong to the series' row, which every place computing its occurrences already reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('todos')
    .addColumn('repeat_excluded', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('todos').dropColumn('repeat_excluded').execute();
}
