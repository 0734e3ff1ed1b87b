import type { Kysely } from 'kysely';

/**
 * What an import of a Daywise archive restored besides todos and tags (profile, settings, plans,
 * days off), one line each as JSON, for the result the page shows (issue 16, imports/restore.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('imports')
    .addColumn('restored', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('imports').dropColumn('restored').execute();
}
