import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { INDEXED_SEARCH_LIMIT, indexedSearch } from './search';

describe('the trigram search index on SQLite', () => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase('sqlite');
    await test.database.db
      .insertInto('users')
      .values({
        id: 'u1',
        name: 'Ada',
        email: 'ada@example.com',
        email_verified: false,
        is_deleted: false,
        created_at: '2026-11-21T09:00:00.000Z',
        updated_at: '2026-11-21T09:00:00.000Z',
      })
      .execute();
  });
  afterEach(() => test.drop());

  const db = () => test.database.db;
  const indexed = async () =>
    (
      await sql<{ id: string }>`
        select r.todo_id as id
        from todo_search s join todo_search_rows r on r.search_rowid = s.rowid
        where todo_search match '"water"' order by s.rowid
      `.execute(db())
    ).rows.map((row) => row.id);
  const insert = (id: string, title: string) =>
    db()
      .insertInto('todos')
      .values({ id, user_id: 'u1', title, created_at: id, updated_at: id })
      .execute();

  it('follows every write to todos, whoever makes it', async () => {
    await insert('a', 'Water plants');
    await insert('b', 'Water rent');
    await insert('c', 'Pay rent');
    await db().updateTable('todos').set({ title: 'Pay water' }).where('id', '=', 'c').execute();
    await db().updateTable('todos').set({ title: 'Buy ferns' }).where('id', '=', 'a').execute();
    await db().deleteFrom('todos').where('id', '=', 'b').execute();
    expect(await indexed()).toEqual(['c']);
  });

  it('narrows a search by the index only where that helps', async () => {
    await insert('a', 'Water plants');
    expect(await indexedSearch(db(), 'u1', 'plants')).toBeDefined();
    expect(await indexedSearch(db(), 'u1', 'pl')).toBeUndefined();
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${INDEXED_SEARCH_LIMIT})
      insert into todos (id, user_id, title, created_at, updated_at)
      select 'x' || i, 'u1', 'plants', 'x', 'x' from n
    `.execute(db());
    expect(await indexedSearch(db(), 'u1', 'plants')).toBeUndefined();
    expect(await indexedSearch(db(), 'u2', 'plants')).toBeDefined();
  });
});
