/**
 * What issue 32's bench adds to the heavy user (heavy-user.ts): 100 lists holding their todos
 * (every 101st top-level todo stays in the Inbox, and each subtask is in its parent's list), four
 * tags on every seventh todo, and 20 saved filters of every kind of term, written straight into
 * the database as the APIs would have kept them. Deterministic, like the heavy user.
 */
import { DEFAULT_TAG_COLOR } from '@daywise/shared';
import type { Kysely } from 'kysely';

import type { Database } from '../src/db/schema';
import { statisticsAfterGrowth } from './heavy-user';

export const LISTS = 100;
const BATCH = 500;
const TAGS = ['errand', 'waiting', 'deep work', 'someday'];

/** 20 saved filters, as people write them: dates, priorities, lists, tags, words, and mixes. */
export const SAVED_FILTERS = [
  'today | overdue',
  'next 7 days & !completed',
  'p1 & (today | overdue)',
  '#"List 3" & !@waiting',
  '#"List 10" | #"List 11" | #"List 12"',
  '@errand & no date',
  '@"deep work" & p1',
  'due before: +3d & !p3',
  'due after: 2026-01-01 & #"List 42"',
  'search: groceries',
  'search: number 99 & p2',
  'inbox & !recurring',
  'no date & p3',
  '!#"List 50" & overdue',
  'tomorrow | next 30 days',
  '(#"List 1" | #"List 2") & (p1 | p2)',
  '@someday | @waiting',
  'subtask & !completed',
  'due before: 2025-06-01 & !@errand',
  '!(today | overdue) & !no date & p1',
] as const;

/** The heavy user's lists, tags and saved filters, over the todos already seeded for them. */
export async function seedListsAndFilters(
  db: Kysely<Database>,
  engine: 'sqlite' | 'postgres',
  userId: string,
): Promise<void> {
  const at = '2024-11-21T00:00:00.000Z';
  await db
    .insertInto('lists')
    .values(
      Array.from({ length: LISTS }, (_, index) => ({
        id: `benchlist${index}`,
        user_id: userId,
        name: `List ${index}`,
        color: DEFAULT_TAG_COLOR,
        position: index,
        archived: false,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  const todos = await db
    .selectFrom('todos')
    .select(['id', 'parent_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  // Each top-level todo in turn goes to the next list (every 101st to the Inbox), each subtask
  // with its parent, which the heavy user makes just before it.
  const listOf = new Map<string, number>();
  let topLevel = 0;
  for (const todo of todos) {
    const parentList = todo.parent_id === null ? undefined : listOf.get(todo.parent_id);
    listOf.set(todo.id, parentList ?? topLevel++ % (LISTS + 1));
  }
  // One statement a list (a few for the largest).
  for (let list = 0; list < LISTS; list += 1) {
    const ids = todos.filter((todo) => listOf.get(todo.id) === list).map((todo) => todo.id);
    for (let start = 0; start < ids.length; start += BATCH) {
      await db
        .updateTable('todos')
        .set({ list_id: `benchlist${list}` })
        .where('id', 'in', ids.slice(start, start + BATCH))
        .execute();
    }
  }
  await db
    .insertInto('user_tags')
    .values(
      TAGS.map((name, index) => ({
        id: `benchtag${index}`,
        user_id: userId,
        name,
        name_key: name,
        color: DEFAULT_TAG_COLOR,
        created_at: at,
      })),
    )
    .execute();
  const tagged = todos
    .filter((_, index) => index % 7 === 0)
    .map((todo, index) => ({ todo_id: todo.id, tag_id: `benchtag${index % TAGS.length}` }));
  for (let start = 0; start < tagged.length; start += BATCH) {
    await db
      .insertInto('todo_tags')
      .values(tagged.slice(start, start + BATCH))
      .execute();
  }
  await db
    .insertInto('saved_filters')
    .values(
      SAVED_FILTERS.map((query, index) => ({
        id: `benchfilter${index}`,
        user_id: userId,
        name: `Filter ${index}`,
        color: DEFAULT_TAG_COLOR,
        query,
        position: index,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  await statisticsAfterGrowth(db, engine);
}
