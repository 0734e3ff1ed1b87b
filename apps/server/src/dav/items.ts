import { createHash } from 'node:crypto';

import { type Kysely, sql } from 'kysely';

import type { Database } from '../db/schema';
import type { CollectionRef } from './paths';
import type { DavTask, DavTodo } from './vtodo';

/*
 * What the CalDAV server reads (ADR 0034): the user's collections, and their items a page at a
 * time in id order (keyset), so that a collection of 10,000 todos is never one read in memory.
 */

/** Items read per query: a page is rendered and written out before the next is read. */
export const DAV_PAGE_SIZE = 500;

export interface DavCollection {
  ref: CollectionRef;
  name: string;
  /** #RRGGBB, or null for the Inbox and Daily goals (clients choose). */
  color: string | null;
  /** Its place among the collections, 0 first (X-APPLE calendar-order). */
  order: number;
}

export const INBOX_NAME = 'Inbox';
export const DAILY_GOALS_NAME = 'Daily goals';

/** The user's collections: the Inbox, every list (archived ones too: they still hold todos), Daily goals. */
export async function davCollections(
  db: Kysely<Database>,
  userId: string,
): Promise<DavCollection[]> {
  const lists = await db
    .selectFrom('lists')
    .leftJoin('dav_collections', 'dav_collections.list_id', 'lists.id')
    .select(['lists.id', 'lists.name', 'lists.color', 'dav_collections.segment'])
    .where('lists.user_id', '=', userId)
    .orderBy('lists.position')
    .orderBy('lists.id')
    .execute();
  return [
    { ref: { kind: 'inbox' }, name: INBOX_NAME, color: null, order: 0 },
    ...lists.map((list, index) => ({
      ref:
        list.segment === null
          ? { kind: 'list' as const, listId: list.id }
          : { kind: 'list' as const, listId: list.id, segment: list.segment },
      name: list.name,
      color: list.color,
      order: index + 1,
    })),
    { ref: { kind: 'daily-goals' }, name: DAILY_GOALS_NAME, color: null, order: lists.length + 1 },
  ];
}

/** One collection of the user's, or undefined when it is not theirs or not there. */
export async function davCollection(
  db: Kysely<Database>,
  userId: string,
  ref: CollectionRef,
): Promise<DavCollection | undefined> {
  if (ref.kind !== 'list') {
    return (await davCollections(db, userId)).find((each) => each.ref.kind === ref.kind);
  }
  // A list is named by the segment its MKCALENDAR chose, or else by its id.
  return (await davCollections(db, userId)).find(
    (each) => each.ref.kind === 'list' && (each.ref.segment ?? each.ref.listId) === ref.listId,
  );
}

const TODO_COLUMNS = [
  'todos.id',
  'todos.title',
  'todos.description',
  'todos.priority',
  'todos.due_date',
  'todos.due_time',
  'todos.completed',
  'todos.completed_at',
  'todos.created_at',
  'todos.updated_at',
  'todos.repeat_rule',
  'todos.repeat_from',
  'todos.repeat_excluded',
  'todos.reminders',
  'todos.parent_id',
  'todos.position',
  'dav_objects.name as dav_name',
  'dav_objects.uid as dav_uid',
  'dav_objects.kept as dav_kept',
  'dav_objects.sequence as dav_sequence',
] as const;

/** A collection's todos with ids after `after` (all ids when undefined, or only `ids`), a page. */
export async function todoPage(
  db: Kysely<Database>,
  userId: string,
  ref: Exclude<CollectionRef, { kind: 'daily-goals' }>,
  options: { after?: string; ids?: readonly string[] },
): Promise<DavTodo[]> {
  let query = db
    .selectFrom('todos')
    .leftJoin('dav_objects', 'dav_objects.todo_id', 'todos.id')
    .select(TODO_COLUMNS)
    .where('todos.user_id', '=', userId)
    .where(
      'todos.list_id',
      ref.kind === 'list' ? '=' : 'is',
      ref.kind === 'list' ? ref.listId : null,
    );
  if (options.after !== undefined) {
    query = query.where('todos.id', '>', options.after);
  }
  if (options.ids) {
    query = query.where('todos.id', 'in', options.ids.length > 0 ? [...options.ids] : ['']);
  }
  const rows = await query.orderBy('todos.id').limit(DAV_PAGE_SIZE).execute();
  const tags =
    rows.length === 0
      ? []
      : await tagsOf(
          db,
          rows.map((row) => row.id),
        );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    priority: row.priority,
    dueDate: row.due_date,
    dueTime: row.due_time,
    completedAt: row.completed ? (row.completed_at ?? row.updated_at) : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    repeat:
      row.repeat_rule !== null && row.repeat_from !== null
        ? { rule: row.repeat_rule, from: row.repeat_from }
        : null,
    reminders: row.reminders,
    repeatExcluded: row.repeat_excluded,
    parentId: row.parent_id,
    order: row.position,
    tags: tags.filter((tag) => tag.todo_id === row.id).map((tag) => tag.name),
    dav:
      row.dav_name === null
        ? null
        : {
            name: row.dav_name,
            uid: row.dav_uid ?? row.id,
            kept: row.dav_kept ?? '[]',
            sequence: Number(row.dav_sequence ?? 0),
          },
  }));
}

async function tagsOf(db: Kysely<Database>, todoIds: string[]) {
  return db
    .selectFrom('todo_tags')
    .innerJoin('user_tags', 'user_tags.id', 'todo_tags.tag_id')
    .select(['todo_tags.todo_id', 'user_tags.name'])
    .where('todo_tags.todo_id', 'in', todoIds)
    .orderBy('user_tags.name_key')
    .execute();
}

/** The user's plan tasks with ids after `after` (or only `ids`), a page, each with its plan's day. */
export async function taskPage(
  db: Kysely<Database>,
  userId: string,
  options: { after?: string; ids?: readonly string[] },
): Promise<DavTask[]> {
  let query = db
    .selectFrom('daily_tasks')
    .innerJoin('daily_plans', 'daily_plans.id', 'daily_tasks.plan_id')
    .select([
      'daily_tasks.id',
      'daily_tasks.title',
      'daily_tasks.description',
      'daily_tasks.priority',
      'daily_tasks.tag',
      'daily_tasks.reminder_time',
      'daily_tasks.completed',
      'daily_tasks.completed_at',
      'daily_tasks.created_at',
      'daily_tasks.updated_at',
      'daily_tasks.position',
      'daily_plans.plan_date',
    ])
    .where('daily_tasks.user_id', '=', userId);
  if (options.after !== undefined) {
    query = query.where('daily_tasks.id', '>', options.after);
  }
  if (options.ids) {
    query = query.where('daily_tasks.id', 'in', options.ids.length > 0 ? [...options.ids] : ['']);
  }
  const rows = await query.orderBy('daily_tasks.id').limit(DAV_PAGE_SIZE).execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    priority: row.priority,
    tag: row.tag,
    reminderTime: row.reminder_time,
    completedAt: row.completed ? (row.completed_at ?? row.updated_at) : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    order: row.position,
    planDate: row.plan_date,
  }));
}

/**
 * The collection's CTag (calendarserver.org getctag): a hash of what every member's iCalendar is
 * made of, read in one aggregate. Every write sets an item's `updated_at` to its instant, so a
 * change makes a new latest one, and a delete lowers the count; the user's tag names (CATEGORIES)
 * and time zone (timed DUE values) are in it too. It can only change when a member may have.
 */
export async function collectionCtag(
  db: Kysely<Database>,
  userId: string,
  ref: CollectionRef,
): Promise<string> {
  const members =
    ref.kind === 'daily-goals'
      ? db
          .selectFrom('daily_tasks')
          .innerJoin('daily_plans', 'daily_plans.id', 'daily_tasks.plan_id')
          .select([
            sql<number>`count(*)`.as('count'),
            sql<string | null>`max(daily_tasks.updated_at)`.as('latest'),
            sql<string | null>`max(daily_plans.updated_at)`.as('plans'),
          ])
          .where('daily_tasks.user_id', '=', userId)
      : db
          .selectFrom('todos')
          .select([
            sql<number>`count(*)`.as('count'),
            sql<string | null>`max(updated_at)`.as('latest'),
            sql<string | null>`null`.as('plans'),
          ])
          .where('user_id', '=', userId)
          .where(
            'list_id',
            ref.kind === 'list' ? '=' : 'is',
            ref.kind === 'list' ? ref.listId : null,
          );
  const [aggregate, tags, settings] = await Promise.all([
    members.executeTakeFirst(),
    db
      .selectFrom('user_tags')
      .select(['id', 'name'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('user_settings')
      .select('timezone')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  const parts = [
    String(aggregate?.count ?? 0),
    String(aggregate?.latest ?? ''),
    String(aggregate?.plans ?? ''),
    settings?.timezone ?? '',
    ...tags.map((tag) => `${tag.id}=${tag.name}`),
  ];
  return createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 27);
}
