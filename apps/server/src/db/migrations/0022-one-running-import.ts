import { type Kysely, sql } from 'kysely';

/**
 * One running import per user, held by the database (ADR 0022): a unique index over `user_id`
 * among the imports still running, so that of any number of starts racing, one inserts and the
 * others get a unique violation, answered 409 IMPORT_RUNNING (imports/imports.ts). Both engines
 * have partial unique indexes.
 *
 * Starts that raced before this index could have left a user with several running imports; all
 * but the newest are marked failed first, as the page would show them once stale.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update imports set status = 'failed', finished_at = updated_at
    where status = 'running' and exists (
      select 1 from imports as newer
      where newer.user_id = imports.user_id
        and newer.status = 'running'
        and (newer.created_at > imports.created_at
          or (newer.created_at = imports.created_at and newer.id > imports.id))
    )
  `.execute(db);
  await db.schema
    .createIndex('imports_one_running_idx')
    .on('imports')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 'running')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('imports_one_running_idx').execute();
}
