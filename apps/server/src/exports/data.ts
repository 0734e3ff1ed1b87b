import { type Kysely, type Selectable, sql } from 'kysely';

import type {
  DailyCompletionTable,
  Database,
  ListTable,
  MessageTable,
  SectionTable,
  SharedPlanTable,
  SharedPlanTaskTable,
  UserTagTable,
} from '../db/schema';
import type { PlanRow, TaskRow } from '../plans/plan-fields';
import type { TodoRow } from '../todos/todo-fields';
import { OLDEST_FIRST, queryPages } from './pages';

/**
 * The user's rows as the exports read them: every reader pages by keyset along an index
 * (pages.ts) and scopes every query to the user, so an export holds one page at a time and never
 * another user's row.
 */
type Db = Kysely<Database>;

export type { PlanRow, TaskRow, TodoRow };
export type TagRow = Selectable<UserTagTable>;
export type ListRow = Selectable<ListTable>;
export type SectionRow = Selectable<SectionTable>;
export type CompletionRow = Selectable<DailyCompletionTable>;
export type MessageRow = Selectable<MessageTable>;
export interface PlanWithTasks {
  plan: PlanRow;
  tasks: TaskRow[];
}
export interface SharedPlanWithTasks {
  plan: Selectable<SharedPlanTable> & { other_name: string };
  role: 'creator' | 'recipient';
  tasks: Selectable<SharedPlanTaskTable>[];
}
export interface ChatWithPerson {
  id: string;
  created_at: string;
  other_name: string;
}

/** Items grouped by `key`, each group in the items' order. */
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) {
      group.push(item);
    } else {
      groups.set(key(item), [item]);
    }
  }
  return groups;
}

/** Plans per page: each brings up to 50 tasks. */
const PLAN_PAGE_SIZE = 100;

/** Every todo, oldest first, along (user_id, created_at, id). */
export function todoPages(db: Db, userId: string): AsyncGenerator<TodoRow[]> {
  return queryPages(db.selectFrom('todos').selectAll().where('user_id', '=', userId), OLDEST_FIRST);
}

/** A todo with its tags' ids. */
export type TodoWithTags = TodoRow & { tagIds: string[] };

/** A todo with its tags' ids and its recorded occurrences, as the archive writes it. */
export type TodoWithHistory = TodoWithTags & {
  occurrences: Selectable<Database['todo_occurrences']>[];
};

/** The tags of a page of todos, by todo. */
async function tagIdsOf(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('todo_tags')
          .select(['todo_id', 'tag_id'])
          .where('todo_id', 'in', ids)
          .execute();
  return new Map(
    [...groupBy(rows, (row) => row.todo_id)].map(([todoId, tags]) => [
      todoId,
      tags.map((tag) => tag.tag_id),
    ]),
  );
}

/** Each page of todos with their tags, read in one more query a page. */
export async function* todoPagesWithTags(db: Db, userId: string): AsyncGenerator<TodoWithTags[]> {
  for await (const page of todoPages(db, userId)) {
    const tags = await tagIdsOf(
      db,
      page.map((row) => row.id),
    );
    yield page.map((row) => ({ ...row, tagIds: tags.get(row.id) ?? [] }));
  }
}

/** Each page of todos with their tags and occurrences, read in two more queries a page. */
export async function* todoPagesWithHistory(
  db: Db,
  userId: string,
): AsyncGenerator<TodoWithHistory[]> {
  for await (const page of todoPages(db, userId)) {
    const ids = page.map((row) => row.id);
    const [tags, occurrences] = await Promise.all([
      tagIdsOf(db, ids),
      ids.length === 0
        ? []
        : db
            .selectFrom('todo_occurrences')
            .selectAll()
            .where('todo_id', 'in', ids)
            .orderBy('occurrence_date')
            .orderBy('created_at')
            .execute(),
    ]);
    const occurrencesOf = groupBy(occurrences, (occurrence) => occurrence.todo_id);
    yield page.map((row) => ({
      ...row,
      tagIds: tags.get(row.id) ?? [],
      occurrences: occurrencesOf.get(row.id) ?? [],
    }));
  }
}

/** The user's days off, soonest first. */
export function dayOffRows(db: Db, userId: string) {
  return db
    .selectFrom('days_off')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('start_date')
    .execute();
}

/** The user's focus sessions (ADR 0032), oldest first, along (started_at, id). */
export function focusSessionPages(db: Db, userId: string) {
  return queryPages(db.selectFrom('focus_sessions').selectAll().where('user_id', '=', userId), [
    { column: 'started_at', field: 'started_at' },
    { column: 'id', field: 'id' },
  ]);
}

/** The todos completed on the days of a range, by completion day. */
export function completedTodoPages(
  db: Db,
  userId: string,
  from: string,
  to: string,
): AsyncGenerator<TodoRow[]> {
  return queryPages(
    db
      .selectFrom('todos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('completed_date', '>=', from)
      .where('completed_date', '<=', to),
    [
      { column: 'completed_date', field: 'completed_date' },
      { column: 'id', field: 'id' },
    ],
  );
}

/** The open todos made by the end of a day, oldest first. */
export function openTodoPages(db: Db, userId: string, until: string): AsyncGenerator<TodoRow[]> {
  return queryPages(
    db
      .selectFrom('todos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('completed', '=', false)
      .where('created_at', '<', `${until}T23:59:59.999Z`),
    OLDEST_FIRST,
  );
}

/** The user's tags by name (a handful: tags are bounded by the quota). */
export function tagRows(db: Db, userId: string): Promise<TagRow[]> {
  return db
    .selectFrom('user_tags')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('name_key')
    .orderBy('id')
    .execute();
}

/** The user's lists in order (ADR 0026); at most QUOTAS.lists, so read at once. */
export function listRows(db: Db, userId: string): Promise<ListRow[]> {
  return db
    .selectFrom('lists')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * The user's sections (ADR 0027), by list and position; at most QUOTAS.sectionsPerList for each
 * list and the Inbox, so read at once.
 */
export function sectionRows(db: Db, userId: string): Promise<SectionRow[]> {
  return db
    .selectFrom('sections')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('list_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Every plan by date along (user_id, plan_date), each with its tasks in order. */
export async function* planPages(db: Db, userId: string): AsyncGenerator<PlanWithTasks[]> {
  const plans = queryPages(
    db.selectFrom('daily_plans').selectAll().where('user_id', '=', userId),
    [{ column: 'plan_date', field: 'plan_date' }],
    PLAN_PAGE_SIZE,
  );
  for await (const page of plans) {
    const tasks = await db
      .selectFrom('daily_tasks')
      .selectAll()
      .where(
        'plan_id',
        'in',
        page.map((plan) => plan.id),
      )
      .where('user_id', '=', userId)
      .orderBy('plan_id')
      .orderBy('position')
      .execute();
    const byPlan = groupBy(tasks, (task) => task.plan_id);
    yield page.map((plan) => ({ plan, tasks: byPlan.get(plan.id) ?? [] }));
  }
}

/** The stored completion records by date, along the plans' (user_id, plan_date). */
export function completionPages(
  db: Db,
  userId: string,
  range?: { from: string; to: string },
): AsyncGenerator<CompletionRow[]> {
  return queryPages(
    db
      .selectFrom('daily_plans as p')
      .innerJoin('daily_completions as c', 'c.plan_id', 'p.id')
      .selectAll('c')
      .where('p.user_id', '=', userId)
      .where('c.user_id', '=', userId)
      .$if(range !== undefined, (query) =>
        query.where('p.plan_date', '>=', range!.from).where('p.plan_date', '<=', range!.to),
      ),
    [{ column: 'p.plan_date', field: 'date' }],
  );
}

/** The shared plans the user made, then those shared with them, each with its tasks. */
export async function* sharedPlanPages(
  db: Db,
  userId: string,
): AsyncGenerator<SharedPlanWithTasks[]> {
  for (const role of ['creator', 'recipient'] as const) {
    const mine = role === 'creator' ? 's.creator_id' : 's.shared_with_id';
    const theirs = role === 'creator' ? 's.shared_with_id' : 's.creator_id';
    const plans = queryPages(
      db
        .selectFrom('shared_plans as s')
        .innerJoin('users as o', 'o.id', theirs)
        .selectAll('s')
        .select('o.name as other_name')
        .where(mine, '=', userId),
      [{ column: 's.id', field: 'id' }],
    );
    for await (const page of plans) {
      const tasks = await db
        .selectFrom('shared_plan_tasks')
        .selectAll()
        .where(
          'plan_id',
          'in',
          page.map((plan) => plan.id),
        )
        .orderBy('plan_id')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const byPlan = groupBy(tasks, (task) => task.plan_id);
      yield page.map((plan) => ({ plan, role, tasks: byPlan.get(plan.id) ?? [] }));
    }
  }
}

/** The user's chats, with the other person's name. */
export async function* chatPages(db: Db, userId: string): AsyncGenerator<ChatWithPerson[]> {
  for (const side of ['user1', 'user2'] as const) {
    const mine = side === 'user1' ? 'c.user1_id' : 'c.user2_id';
    const theirs = side === 'user1' ? 'c.user2_id' : 'c.user1_id';
    yield* queryPages(
      db
        .selectFrom('chats as c')
        .innerJoin('users as o', 'o.id', theirs)
        .select(['c.id', 'c.created_at', 'o.name as other_name'])
        .where(mine, '=', userId),
      [{ column: 'c.id', field: 'id' }],
    );
  }
}

/** A chat's messages, oldest first, along (chat_id, created_at, id). */
export function messagePages(db: Db, chatId: string): AsyncGenerator<MessageRow[]> {
  return queryPages(
    db.selectFrom('messages').selectAll().where('chat_id', '=', chatId),
    OLDEST_FIRST,
  );
}

/** How many rows each part of the user's data has, for the X-Export-Items header. */
export async function countRows(db: Db, userId: string) {
  const count = sql<number | string>`count(*)`.as('n');
  const [
    todos,
    plans,
    tasks,
    completions,
    tags,
    sharedPlans,
    chats,
    messages,
    daysOff,
    lists,
    savedFilters,
    sections,
    focusSessions,
  ] = await Promise.all([
    db.selectFrom('todos').select(count).where('user_id', '=', userId).executeTakeFirstOrThrow(),
    db
      .selectFrom('daily_plans')
      .select(count)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('daily_tasks')
      .select(count)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('daily_completions')
      .select(count)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('user_tags')
      .select(count)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('shared_plans')
      .select(count)
      .where((eb) => eb.or([eb('creator_id', '=', userId), eb('shared_with_id', '=', userId)]))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('chats')
      .select(count)
      .where((eb) => eb.or([eb('user1_id', '=', userId), eb('user2_id', '=', userId)]))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('messages')
      .innerJoin('chats', 'chats.id', 'messages.chat_id')
      .select(count)
      .where((eb) => eb.or([eb('chats.user1_id', '=', userId), eb('chats.user2_id', '=', userId)]))
      .executeTakeFirstOrThrow(),
    db.selectFrom('days_off').select(count).where('user_id', '=', userId).executeTakeFirstOrThrow(),
    db.selectFrom('lists').select(count).where('user_id', '=', userId).executeTakeFirstOrThrow(),
    db
      .selectFrom('saved_filters')
      .select(count)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('sections').select(count).where('user_id', '=', userId).executeTakeFirstOrThrow(),
    db
      .selectFrom('focus_sessions')
      .select(count)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  const n = (row: { n: number | string }) => Number(row.n);
  return {
    todos: n(todos),
    plans: n(plans),
    tasks: n(tasks),
    completions: n(completions),
    tags: n(tags),
    sharedPlans: n(sharedPlans),
    chats: n(chats),
    messages: n(messages),
    daysOff: n(daysOff),
    lists: n(lists),
    savedFilters: n(savedFilters),
    sections: n(sections),
    focusSessions: n(focusSessions),
  };
}
