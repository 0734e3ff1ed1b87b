import { type Kysely, sql } from 'kysely';

import { booleanType } from '../column-types';

/**
 * A habit's history comes in across several transactions (ADR 0022, 2026-11-28). The transaction
 * that writes an archived repeating todo writes its newest records; the older ones follow in
 * transactions of their own. `import_items.history_pending` says the todo's records are not all
 * written yet, so that an import stopped in between and imported again finishes the history
 * rather than counting the todo as done (and adds nothing once it is finished).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bool = booleanType(db);
  await db.schema
    .alterTable('import_items')
    .addColumn('history_pending', bool, (col) =>
      col.notNull().defaultTo(bool === 'boolean' ? sql`false` : sql`0`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('import_items').dropColumn('history_pending').execute();
}
