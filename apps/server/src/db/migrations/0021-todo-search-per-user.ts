import { type Kysely, type RawBuilder, sql } from 'kysely';

import { isPostgres } from '../column-types';
import * as sharedIndex from './0010-todo-search';

/**
 * The todo search index, scoped to the user inside the index (ADR 0022). Migration 0010's index
 * was shared: a term's trigrams led to every account's todos holding them, so another user's
 * todos slowed this user's search, and its time told whether a word was common elsewhere. Now
 * every key the index holds names its user: a search reads only its own user's lists, and its
 * cost follows that user's todos.
 *
 * A key is the user id and a window of three bytes of the UTF-8 of `lower(title)` or
 * `lower(description)`, every window at every position. UTF-8 never reads one character's bytes
 * inside another's, so a term of three bytes or more is in a text exactly when its windows occur
 * there one after another, and the index never leaves out a todo the list's own
 * `lower(column) like '%term%'` matches (ADR 0018, "Search"): it folds case as `lower()` does
 * because it is `lower()`. Bytes rather than characters because a byte is found by its offset,
 * where finding the n-th character means reading the n - 1 before it. Neither engine needs an
 * extension.
 *
 * - SQLite: a contentless FTS5 table whose tokens the triggers write: each window as
 *   `hex(user id) x hex(window)`, in order, so a search is one phrase of its term's windows and
 *   finds exactly the todos the `like` matches.
 *   `todo_search_rows` says which todo and user each of its rows is, as in migration 0010.
 * - PostgreSQL: a GIN index over each todo's keys, `todo_search_keys()` of the user and each
 *   column, kept by PostgreSQL itself. A search asks for the todos holding all of its term's
 *   keys, in any order, which may propose a few the `like` then drops. `fastupdate` is off: its
 *   pending list would hold every account's recent todos, and each search would read all of it.
 *
 * The search (todos/search.ts) builds its keys with `searchTokens` and `todoSearchKeys` from here:
 * a shipped migration never changes, so neither can the format the index was built with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sharedIndex.down(db);
  if (isPostgres(db)) {
    // Its cost tells the planner that working out a todo's keys is dear: they are to be read from
    // the index, never computed row by row while walking a user's todos.
    await sql`
      create function todo_search_keys(owner text, body text) returns text[]
      language sql immutable strict parallel safe cost 1000
      as $$
        select coalesce(array_agg(owner || ':' || encode(substr(bytes, at, 3), 'hex')), '{}')
        from convert_to(body, 'UTF8') as bytes, generate_series(1, length(bytes) - 2) as at
      $$
    `.execute(db);
    await sql`
      create index todos_search_keys_idx on todos using gin (${todoSearchKeys})
      with (fastupdate = off)
    `.execute(db);
    // 0010's indexes also gave the planner statistics of lower(title) and lower(description):
    // without them it takes a term the user's todos hold a thousand times for a rare one and
    // reads them all instead of walking the newest. Expression statistics need PostgreSQL 14.
    if (await hasExpressionStatistics(db)) {
      for (const column of ['title', 'description']) {
        await sql`
          create statistics ${sql.raw(`todos_lower_${column}_stats`)}
          on (lower(${sql.ref(column)})) from todos
        `.execute(db);
      }
    }
    await sql`analyze todos`.execute(db);
    return;
  }
  await sql`
    create virtual table todo_search using fts5(
      title, description, content = '', contentless_delete = 1, tokenize = 'ascii'
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
    select
      r.search_rowid,
      ${searchTokens(sql`r.user_id`, sql`lower(t.title)`)},
      ${searchTokens(sql`r.user_id`, sql`lower(t.description)`)}
    from todo_search_rows r join todos t on t.id = r.todo_id
  `.execute(db);
  await sql`
    create trigger todo_search_insert after insert on todos begin
      insert into todo_search_rows (todo_id, user_id) values (new.id, new.user_id);
      insert into todo_search (rowid, title, description) values (
        last_insert_rowid(),
        ${searchTokens(sql`new.user_id`, sql`lower(new.title)`)},
        ${searchTokens(sql`new.user_id`, sql`lower(new.description)`)}
      );
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
    create trigger todo_search_update after update of user_id, title, description on todos begin
      update todo_search_rows set user_id = new.user_id where todo_id = new.id;
      update todo_search set
        title = ${searchTokens(sql`new.user_id`, sql`lower(new.title)`)},
        description = ${searchTokens(sql`new.user_id`, sql`lower(new.description)`)}
      where rowid = (select search_rowid from todo_search_rows where todo_id = new.id);
    end
  `.execute(db);
}

/**
 * SQLite: the index's tokens for `body` (already lowered) of `owner`'s todo, space-separated, one
 * per window in order; null for a text under three bytes. In hex every byte is a token
 * character, and the `x` between the halves, not a hex digit, keeps two users' tokens apart.
 */
export function searchTokens(owner: RawBuilder<unknown>, body: RawBuilder<unknown>) {
  return sql<string | null>`(
    with recursive
      source(prefix, bytes) as (select hex(${owner}) || 'x', cast(${body} as blob)),
      piece(at) as (
        select 1 union all select at + 1 from piece, source where at < length(bytes) - 2
      )
    select group_concat(prefix || hex(substr(bytes, at, 3)), ' ' order by at)
    from piece, source
    where at <= length(bytes) - 2
  )`;
}

/**
 * PostgreSQL: a todo's keys, as the GIN index holds them; a search asks for the rows whose keys
 * contain all of its term's. Each key ends in exactly six hex digits, so the user id before them
 * is never ambiguous.
 */
export const todoSearchKeys = sql<string[]>`
  (todo_search_keys(user_id, lower(title)) || todo_search_keys(user_id, lower(description)))
`;

async function hasExpressionStatistics(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{ version: string }>`
    select current_setting('server_version_num') as version
  `.execute(db);
  return Number(rows[0]?.version) >= 140000;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop statistics if exists todos_lower_title_stats`.execute(db);
    await sql`drop statistics if exists todos_lower_description_stats`.execute(db);
    await sql`drop index todos_search_keys_idx`.execute(db);
    await sql`drop function todo_search_keys(text, text)`.execute(db);
  } else {
    for (const name of ['todo_search_insert', 'todo_search_delete', 'todo_search_update']) {
      await sql`drop trigger ${sql.raw(name)}`.execute(db);
    }
    await sql`drop table todo_search_rows`.execute(db);
    await sql`drop table todo_search`.execute(db);
  }
  await sharedIndex.up(db);
}
