import { type Kysely, sql } from 'kysely';

import { timestampType } from '../column-types';

/**
 * Input robustness (ADR 0016).
 *
 * - Tag names are unique per user ignoring case in every script: SQLite's lower() folds only
 *   ASCII, so the key is computed in JavaScript and stored in `name_key`. The function is copied
 *   here on purpose (plans/tags.ts has the live one): a shipped migration must not change when
 *   the application code does. Two existing tags that now share a key (possible only through
 *   compatibility forms, which NFKC merges) keep apart: the later one's key carries its id.
 * - `idempotency_keys` remembers a creating write's answer per user and key for a day, so a
 *   retried request returns it instead of writing twice.
 */
function tagNameKey(name: string): string {
  return name.normalize('NFKC').toLocaleLowerCase('und');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = timestampType(db);

  await db.schema
    .alterTable('user_tags')
    .addColumn('name_key', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  const tags = await sql<{ id: string; user_id: string; name: string }>`
    select id, user_id, name from user_tags order by user_id, created_at, id
  `.execute(db);
  const taken = new Set<string>();
  for (const tag of tags.rows) {
    let key = tagNameKey(tag.name);
    if (taken.has(`${tag.user_id}|${key}`)) {
      key = `${key}#${tag.id}`;
    }
    taken.add(`${tag.user_id}|${key}`);
    await sql`update user_tags set name_key = ${key} where id = ${tag.id}`.execute(db);
  }
  await db.schema.dropIndex('user_tags_user_name_idx').execute();
  await db.schema
    .createIndex('user_tags_user_name_key_idx')
    .unique()
    .on('user_tags')
    .columns(['user_id', 'name_key'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    // Null while the first request is still running.
    .addColumn('status', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('expires_at', timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expires_idx')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropIndex('user_tags_user_name_key_idx').execute();
  await sql`create unique index user_tags_user_name_idx on user_tags (user_id, lower(name))`.execute(
    db,
  );
  await db.schema.alterTable('user_tags').dropColumn('name_key').execute();
}
