import fc from 'fast-check';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createTestDatabase, ENGINES, type TestDatabase } from '../../test/helpers';
import * as perUserIndex from '../db/migrations/0021-todo-search-per-user';
import type { Database } from '../db/schema';
import { likeContains } from '../lib/like-pattern';
import { INDEXED_SEARCH_LIMIT, indexedSearch, indexMatches } from './search';

const STAMP = '2026-11-21T09:00:00.000Z';

describe.each(ENGINES)('the per-user search index on %s', (engine) => {
  let test: TestDatabase;
  const db = (): Kysely<Database> => test.database.db;

  beforeEach(async () => {
    test = await createTestDatabase(engine);
    for (const id of ['ada', 'grace']) {
      await db()
        .insertInto('users')
        .values({
          id,
          name: id,
          email: `${id}@example.com`,
          email_verified: true,
          is_deleted: false,
          created_at: STAMP,
          updated_at: STAMP,
        })
        .execute();
    }
  });
  afterEach(() => test.drop());

  const insert = (id: string, userId: string, title: string, description = '') =>
    db()
      .insertInto('todos')
      .values({ id, user_id: userId, title, description, created_at: STAMP, updated_at: STAMP })
      .execute();
  /** The todos the index alone says match (the list's `like` left out); undefined if not asked. */
  const found = async (userId: string, term: string) => {
    const narrowing = await indexedSearch(db(), userId, term);
    if (!narrowing) {
      return undefined;
    }
    const rows = await db()
      .selectFrom('todos')
      .select('id')
      .where(narrowing)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  };
  /** The user's todos the list's own rule matches: `lower(column) like '%term%'`. */
  const liked = async (userId: string, term: string) => {
    const rows = await db()
      .selectFrom('todos')
      .select('id')
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb(sql`lower(title)`, 'like', likeContains(term)),
          eb(sql`lower(description)`, 'like', likeContains(term)),
        ]),
      )
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  };

  it('follows every write to todos, whoever makes it', async () => {
    await insert('a', 'ada', 'Water plants');
    await insert('b', 'ada', 'Water rent');
    await insert('c', 'ada', 'Pay rent');
    await db().updateTable('todos').set({ title: 'Pay water' }).where('id', '=', 'c').execute();
    await db().updateTable('todos').set({ title: 'Buy ferns' }).where('id', '=', 'a').execute();
    await db().deleteFrom('todos').where('id', '=', 'b').execute();
    expect(await found('ada', 'water')).toEqual(['c']);
    await db().updateTable('todos').set({ user_id: 'grace' }).where('id', '=', 'c').execute();
    expect(await found('ada', 'water')).toEqual([]);
    expect(await found('grace', 'water')).toEqual(['c']);
  });

  it('finds every todo the list’s like matches, and only the user’s own', async () => {
    // Letters whose case lower() and toLowerCase() fold differently, characters of two and four
    // bytes, and the like's and FTS5's own special characters.
    const char = fc.constantFrom(...'aAbB äÄßİi😀%_\\"*');
    const text = fc.array(char, { maxLength: 12 }).map((chars) => chars.join(''));
    const todo = fc.record({ title: text, description: text });
    await fc.assert(
      fc.asyncProperty(
        fc.array(todo, { minLength: 1, maxLength: 6 }),
        fc.array(fc.array(char, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
        async (todos, randomTerms, picks) => {
          await db().deleteFrom('todos').execute();
          for (const [index, { title, description }] of todos.entries()) {
            await insert(`ada${index}`, 'ada', title, description);
            await insert(`grace${index}`, 'grace', title, description);
          }
          // Pieces of the texts themselves, as well as terms made up.
          const pieces = picks.map((pick, index) => {
            const source = [...(todos[pick % todos.length]?.title ?? '')];
            const start = pick % Math.max(source.length - 2, 1);
            const piece = source.slice(start, start + 3 + (index % 3)).join('');
            return index % 2 === 0 ? piece.toUpperCase() : piece;
          });
          for (const term of [...pieces, ...randomTerms.map((chars) => chars.join(''))]) {
            // Terms under three bytes are not asked of the index.
            if (Buffer.byteLength(term.toLowerCase()) >= 3) {
              const [candidates, matches] = [await found('ada', term), await liked('ada', term)];
              if (engine === 'sqlite') {
                expect(candidates).toEqual(matches);
              } else {
                // PostgreSQL asks for the term's windows anywhere in the todo, not one after
                // another: it may propose a few more of the user's todos, which the like drops.
                expect(candidates).toEqual(expect.arrayContaining(matches));
                expect(candidates?.filter((id) => !id.startsWith('ada'))).toEqual([]);
              }
            }
          }
        },
      ),
      { seed: 2026, numRuns: 40 },
    );
  });

  it('keeps each user’s keys apart: a search reads only its own user’s', async () => {
    await insert('a', 'ada', 'Water plants');
    for (const id of ['b', 'c', 'd']) {
      await insert(id, 'grace', 'Water rent', 'water the fern');
    }
    if (engine === 'sqlite') {
      await sql`create virtual table temp.search_vocab using fts5vocab(main, todo_search, row)`.execute(
        db(),
      );
      const hex = (text: string) => Buffer.from(text).toString('hex');
      const keyOf = (userId: string, window: string) => `${hex(userId)}x${hex(window)}`;
      const { rows } = await sql<{ term: string; doc: number }>`
        select term, doc from temp.search_vocab
        where term in (${keyOf('ada', 'wat')}, ${keyOf('grace', 'wat')})
        order by term
      `.execute(db());
      // Each user's 'wat' lists that user's todos only: a search reads its own user's lists.
      expect(rows).toEqual([
        { term: keyOf('ada', 'wat'), doc: 1 },
        { term: keyOf('grace', 'wat'), doc: 3 },
      ]);
      const { rows: strays } = await sql<{ term: string }>`
        select term from temp.search_vocab
        where substr(term, 1, ${hex('ada').length + 1}) <> ${`${hex('ada')}x`}
          and substr(term, 1, ${hex('grace').length + 1}) <> ${`${hex('grace')}x`}
      `.execute(db());
      expect(strays).toEqual([]);
    } else {
      const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>`
        explain (analyze, format json) ${indexMatches(db(), 'ada', 'water')}
      `.execute(db());
      const nodes = flatten(rows[0]?.['QUERY PLAN'][0].Plan);
      // The index itself hands back Ada's one todo: Grace's three are not read at all.
      expect(nodes.find((node) => node['Index Name'] === 'todos_search_keys_idx')).toMatchObject({
        'Node Type': 'Bitmap Index Scan',
        'Actual Rows': 1,
      });
    }
  });

  it('narrows a search by the index only where that helps', async () => {
    await insert('a', 'ada', 'Water plants');
    expect(await found('ada', 'PLANTS')).toEqual(['a']);
    expect(await found('ada', 'pl')).toBeUndefined();
    const rows = Array.from({ length: INDEXED_SEARCH_LIMIT }, (_, i) => ({
      id: `x${i}`,
      user_id: 'ada',
      title: 'plants',
      created_at: STAMP,
      updated_at: STAMP,
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await db()
        .insertInto('todos')
        .values(rows.slice(start, start + 500))
        .execute();
    }
    expect(await found('ada', 'plants')).toBeUndefined();
    expect(await found('grace', 'plants')).toEqual([]);
  });

  it('migration 0021 re-keys the todos written under the shared index', async () => {
    await perUserIndex.down(db() as Kysely<unknown>);
    await insert('a', 'ada', 'Water plants', 'in the garden');
    await insert('b', 'grace', 'Water rent');
    if (engine === 'sqlite') {
      // Written into 0010's trigram index, which both users share.
      const { rows } = await sql<{ count: number }>`
        select count(*) as count from todo_search where todo_search match '"water"'
      `.execute(db());
      expect(rows).toEqual([{ count: 2 }]);
    }
    await perUserIndex.up(db() as Kysely<unknown>);
    expect(await found('ada', 'water')).toEqual(['a']);
    expect(await found('ada', 'GARDEN')).toEqual(['a']);
    expect(await found('grace', 'water')).toEqual(['b']);
    await insert('c', 'ada', 'More water');
    expect(await found('ada', 'water')).toEqual(['a', 'c']);
  });
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

function flatten(node: PlanNode | undefined): PlanNode[] {
  return node ? [node, ...(node.Plans ?? []).flatMap(flatten)] : [];
}
