import type { Habit, TodoTag } from '@daywise/shared/schemas';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';

import { compiledOnce, jsonObject, jsonText, jsonWhen } from '../db/json';
import type { Database } from '../db/schema';
import { habitsOf } from './habit-count';
import { NO_SUBTASKS, subtaskCountsOf } from './subtasks';
import { TODO_FIELDS } from './todo-fields';
import { hasAnyTag, tagsOf } from './todo-tags';

/*
 * A list of the user's todos written as JSON by the database (ADR 0018), each closed with its
 * subtask counts, its habit and its tags: what every todo list answers (todo-list.ts).
 */

/**
 * A todo's own fields as the JSON text of the contract's `Todo`, less the subtask counts, the habit
 * and the tags that close it (presentTodo's other fields, written by the database; ADR 0018, JSON
 * written by the database).
 */
const todoFieldsJson = compiledOnce((db: Kysely<Database>) =>
  jsonText(
    db,
    jsonObject(db, {
      ...TODO_FIELDS.json(db),
      repeat: jsonWhen(
        db,
        sql`repeat_rule is not null and repeat_from is not null`,
        jsonObject(db, { rule: sql`repeat_rule`, from: sql`repeat_from` }),
      ),
    }),
  ),
);

/** How most todos' JSON closes, after their subtask counts. */
const NO_HABIT_NO_TAGS = ',"habit":null,"tags":[]}';

/**
 * The habit as of today of each of these todos that repeat, by id: their rows are read whole
 * for it, as only a page's repeating todos have one.
 */
async function habitsById(
  db: Kysely<Database>,
  userId: string,
  ids: readonly string[],
  today: string,
  zone: string,
): Promise<Map<string, Habit | null>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .selectFrom('todos')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
  const habits = await habitsOf(db, userId, rows, today, zone);
  return new Map(rows.map((row, index) => [row.id, habits[index] ?? null]));
}

/**
 * What a list of the user's todos written as JSON reads: each todo's id (for its subtask counts)
 * and JSON, the id of a repeating one for its habit, and of a tagged one only when the user has
 * tags (most have none, and then no todo carries one; asked within the same query). Each column
 * read costs about as much as a short string inside the JSON, so nothing else is read.
 */
export function withTodoJson(
  db: Kysely<Database>,
  userId: string,
  todos: SelectQueryBuilder<Database, 'todos', object>,
) {
  return todos.select([
    'id',
    todoFieldsJson(db).as('json'),
    sql<string | null>`case when repeat_rule is not null then id end`.as('repeating_id'),
    sql<string | null>`case when ${hasAnyTag(userId)} then id end`.as('tagged_id'),
  ]);
}

/**
 * Todos read by `withTodoJson` as the JSON text of a list, each closed with its subtask counts
 * (one query for the page, subtasks.ts), its habit as of today and its tags.
 */
export async function todoListJson(
  db: Kysely<Database>,
  userId: string,
  rows: readonly {
    id: string;
    json: string;
    repeating_id: string | null;
    tagged_id: string | null;
  }[],
  today: string,
  zone: string,
): Promise<string> {
  const tagged = rows.flatMap((row) => row.tagged_id ?? []);
  const [counts, tags, habits] = await Promise.all([
    subtaskCountsOf(
      db,
      rows.map((row) => row.id),
    ),
    tagged.length > 0 ? tagsOf(db, tagged) : new Map<string, TodoTag[]>(),
    habitsById(
      db,
      userId,
      rows.flatMap((row) => row.repeating_id ?? []),
      today,
      zone,
    ),
  ]);
  const todos = rows.map((row) => {
    const habit = row.repeating_id === null ? undefined : habits.get(row.repeating_id);
    const own = row.tagged_id === null ? undefined : tags.get(row.tagged_id);
    const closing =
      habit || own
        ? `,"habit":${JSON.stringify(habit ?? null)},"tags":${JSON.stringify(own ?? [])}}`
        : NO_HABIT_NO_TAGS;
    const subtasks = JSON.stringify(counts.get(row.id) ?? NO_SUBTASKS);
    return `${row.json.slice(0, -1)},"subtaskCounts":${subtasks}${closing}`;
  });
  return `[${todos.join(',')}]`;
}
