import type { Kysely } from 'kysely';

/** The day the user's weeks start on (issue 33, ADR 0031): the browser locale's until chosen. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_settings')
    .addColumn('week_start', 'text', (col) => col.notNull().defaultTo('locale'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_settings').dropColumn('week_start').execute();
}
