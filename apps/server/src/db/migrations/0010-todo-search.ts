import { type Kysely, sql } from 'kysely';

import { isPostgres } from '../column-types';

/**
 * A trigram index over todo titles and descriptions (ADR 0018), so that a search for a term few
 * todos hold finds them without reading every todo the user has.
 *
 * PostgreSQL: `pg_trgm` GIN indexes on `lower(title)` and `lower(description)`, which the list's
 * `lower(column) like '%term%'` uses as it is. The extension lives in `public`, once per database
 * (schemas share it); where the database user may not create it, the indexes are left out and
 * search reads every todo as before, with the same answers.
 *
 * SQLite: an FTS5 table with the trigram tokenizer over each todo's title and description, kept
 * by triggers in the writing transaction. The list asks it for candidates and keeps its own
 * `like` as the final word, so the answers are the same as without it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    if (await hasTrigramExtension(db)) {
      for (const column of ['title', 'description']) {
        await sql`
          create index ${sql.raw(`todos_${column}_trgm_idx`)} on todos
          using gin (lower(${sql.ref(column)}) public.gin_trgm_ops)
        `.execute(db);
      }
    }
    return;
  }
  // The index holds only the trigrams (contentless: the text stays in `todos`); which todo and
  // user each of its rows belongs to is in `todo_search_rows`, found by the index's rowid.
  await sql`
    create virtual table todo_search using fts5(
      title, description, content = '', contentless_delete = 1, tokenize = 'trigram'
    )
  `.execute(db);
  await sql`
    create table todo_search_rows (
      search_rowid integer primary key,
      todo_id text not null unique,
      user_id text not null
    )
  `.execute(db);
  await sql`insert into todo_search_rows (todo_id, user_id) select id, user_id from todos`.execute(
    db,
  );
  await sql`
    insert into todo_search (rowid, title, description)
    select r.search_rowid, t.title, t.description
    from todo_search_rows r join todos t on t.id = r.todo_id
  `.execute(db);
  await sql`
    create trigger todo_search_insert after insert on todos begin
      insert into todo_search_rows (todo_id, user_id) values (new.id, new.user_id);
      insert into todo_search (rowid, title, description)
      values (last_insert_rowid(), new.title, new.description);
    end
  `.execute(db);
  await sql`
    create trigger todo_search_delete after delete on todos begin
      delete from todo_search
      where rowid = (select search_rowid from todo_search_rows where todo_id = old.id);
      delete from todo_search_rows where todo_id = old.id;
    end
  `.execute(db);
  await sql`
    create trigger todo_search_update after update of title, description on todos begin
      update todo_search set title = new.title, description = new.description
      where rowid = (select search_rowid from todo_search_rows where todo_id = new.id);
    end
  `.execute(db);
}

/**
 * Whether `pg_trgm` is installed in `public`, installing it when it is not and this user may
 * (it is a trusted extension: CREATE on the database is enough). A refusal rolls back to a
 * savepoint, leaving the migration's transaction usable.
 */
async function hasTrigramExtension(db: Kysely<unknown>): Promise<boolean> {
  const installed = async () => {
    const { rows } = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm'
    `.execute(db);
    return rows[0]?.schema;
  };
  const schema = await installed();
  if (schema !== undefined) {
    return schema === 'public';
  }
  await sql`savepoint pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint pg_trgm`.execute(db);
    return true;
  } catch {
    await sql`rollback to savepoint pg_trgm`.execute(db);
    // Another instance or test may have installed it meanwhile.
    return (await installed()) === 'public';
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists todos_title_trgm_idx`.execute(db);
    await sql`drop index if exists todos_description_trgm_idx`.execute(db);
    return;
  }
  for (const name of ['todo_search_insert', 'todo_search_delete', 'todo_search_update']) {
    await sql`drop trigger ${sql.raw(name)}`.execute(db);
  }
  await sql`drop table todo_search_rows`.execute(db);
  await sql`drop table todo_search`.execute(db);
}
