import {
  ARCHIVE_FORMAT,
  ARCHIVE_SCHEMA_VERSION,
  type ArchiveChat,
  type ArchiveCompletion,
  type ArchiveFocusSession,
  type ArchiveList,
  type ArchiveMessage,
  type ArchivePlan,
  type ArchivePlanTask,
  type ArchiveProfile,
  type ArchiveSavedFilter,
  type ArchiveSection,
  type ArchiveSharedPlan,
  type ArchiveTag,
  type ArchiveTodo,
  type TagStat,
} from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { HasEveryField } from '../db/fields';
import type { Database } from '../db/schema';
import {
  SAVED_FILTER_FIELDS,
  type SavedFilterRow,
  savedFilterRows,
} from '../filters/saved-filters';
import { slicer } from '../lib/slices';
import { PLAN_FIELDS, TASK_FIELDS } from '../plans/plan-fields';
import { findPicture, readProfile } from '../profile/profiles';
import { readSettings } from '../settings/settings';
import { excludedDatesOf, repeatOf, TODO_FIELDS } from '../todos/todo-fields';
import {
  chatPages,
  completionPages,
  type CompletionRow,
  dayOffRows,
  focusSessionPages,
  type ListRow,
  listRows,
  messagePages,
  type MessageRow,
  planPages,
  type PlanWithTasks,
  type SectionRow,
  sectionRows,
  sharedPlanPages,
  type SharedPlanWithTasks,
  type TagRow,
  tagRows,
  type TaskRow,
  todoPagesWithHistory,
  type TodoWithHistory,
} from './data';

/**
 * Each row as the archive writes it (docs/data-archive.md): a resource's own fields from its field
 * table (db/fields.ts), then what only the archive keeps. The archive schema must name every
 * field of the table, or this does not compile.
 */
export const archiveTodo = (row: TodoWithHistory): ArchiveTodo => ({
  ...TODO_FIELDS.present(row),
  order: Number(row.position),
  completedWith: row.completed_with,
  completedDate: row.completed_date,
  tagIds: row.tagIds,
  repeat: repeatOf(row),
  repeatStart: row.repeat_start,
  repeatExcluded: excludedDatesOf(row),
  occurrences: row.occurrences.map((occurrence) => ({
    date: occurrence.occurrence_date,
    outcome: occurrence.outcome,
    completedAt: occurrence.completed_at,
    completedOn: occurrence.completed_on,
  })),
});
true satisfies HasEveryField<ArchiveTodo, typeof TODO_FIELDS.table>;

export const archiveTag = (row: TagRow): ArchiveTag => ({
  id: row.id,
  name: row.name,
  color: row.color,
  createdAt: row.created_at,
});

export const archiveList = (row: ListRow): ArchiveList => ({
  id: row.id,
  name: row.name,
  color: row.color,
  position: Number(row.position),
  archived: Boolean(row.archived),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const archiveSavedFilter = (row: SavedFilterRow): ArchiveSavedFilter => ({
  ...SAVED_FILTER_FIELDS.present(row),
  position: Number(row.position),
});
true satisfies HasEveryField<ArchiveSavedFilter, typeof SAVED_FILTER_FIELDS.table>;

export const archiveSection = (row: SectionRow): ArchiveSection => ({
  id: row.id,
  listId: row.list_id,
  name: row.name,
  position: Number(row.position),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const archiveTask = (row: TaskRow): ArchivePlanTask => ({
  ...TASK_FIELDS.present(row),
  position: row.position,
  completedDate: row.completed_date,
  updatedAt: row.updated_at,
});
true satisfies HasEveryField<ArchivePlanTask, typeof TASK_FIELDS.table>;

export const archivePlan = ({ plan, tasks }: PlanWithTasks): ArchivePlan => ({
  ...PLAN_FIELDS.present(plan),
  tasks: tasks.map(archiveTask),
});
true satisfies HasEveryField<ArchivePlan, typeof PLAN_FIELDS.table>;

export const archiveCompletion = (row: CompletionRow): ArchiveCompletion => ({
  id: row.id,
  planId: row.plan_id,
  date: row.date,
  totalTasks: Number(row.total_tasks),
  completedTasks: Number(row.completed_tasks),
  completionPercentage: Number(row.completion_percentage),
  tagStats: row.tag_stats ? (JSON.parse(row.tag_stats) as TagStat[]) : [],
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const archiveSharedPlan =
  (userId: string) =>
  ({ plan, role, tasks }: SharedPlanWithTasks): ArchiveSharedPlan => ({
    id: plan.id,
    shared: true,
    role,
    with: { name: plan.other_name },
    title: plan.title,
    description: plan.description,
    date: plan.date,
    status: plan.status,
    createdAt: plan.created_at,
    updatedAt: plan.updated_at,
    tasks: tasks.map((task) => ({
      id: task.id,
      title: task.title,
      completed: Boolean(task.completed),
      createdByMe: task.created_by === userId,
      createdAt: task.created_at,
      updatedAt: task.updated_at,
      completedByMe: task.completed_by === null ? null : task.completed_by === userId,
      completedAt: task.completed_at,
    })),
  });

const archiveMessage =
  (userId: string) =>
  (row: MessageRow): ArchiveMessage => ({
    id: row.id,
    fromMe: row.sender_id === userId,
    content: row.content,
    messageType: row.message_type,
    isRead: Boolean(row.is_read),
    isEdited: Boolean(row.is_edited),
    editedAt: row.edited_at,
    createdAt: row.created_at,
  });

async function archiveProfile(db: Kysely<Database>, userId: string): Promise<ArchiveProfile> {
  const [profile, picture] = await Promise.all([readProfile(db, userId), findPicture(db, userId)]);
  return {
    id: profile.id,
    name: profile.name,
    email: profile.email,
    emailVerified: profile.emailVerified,
    bio: profile.bio,
    location: profile.location,
    website: profile.website,
    createdAt: profile.createdAt,
    picture: picture
      ? { contentType: picture.content_type, base64: Buffer.from(picture.data).toString('base64') }
      : null,
  };
}

/**
 * One JSON array section: each item on its own line, so a reader can count lines as items. Each
 * item waits for `pause` first, so the archive is written in slices of the event loop (ADR 0022).
 */
async function* section<T>(
  name: string,
  pages: AsyncIterable<T[]> | Iterable<T[]>,
  write: (item: T) => unknown,
  pause: () => Promise<void> | undefined,
): AsyncGenerator<string> {
  yield `,${JSON.stringify(name)}:[`;
  let first = true;
  for await (const page of pages) {
    let chunk = '';
    for (const item of page) {
      await pause();
      chunk += `${first ? '' : ','}${JSON.stringify(write(item))}\n`;
      first = false;
    }
    yield chunk;
  }
  yield ']';
}

/**
 * The archive as text chunks, written as the database is read (docs/data-archive.md). Each
 * record of a section ends a line, and so does each chat's opening, so the number of line breaks
 * is the number of items (`countRows`) plus one at the end.
 */
export async function* archiveChunks(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): AsyncGenerator<string> {
  const pause = slicer();
  const [profile, settings, tags, lists, savedFilters, sections] = await Promise.all([
    archiveProfile(db, userId),
    readSettings(db, userId, undefined, now),
    tagRows(db, userId),
    listRows(db, userId),
    savedFilterRows(db, userId),
    sectionRows(db, userId),
  ]);
  yield JSON.stringify({
    format: ARCHIVE_FORMAT,
    schemaVersion: ARCHIVE_SCHEMA_VERSION,
    exportedAt: now.toISOString(),
    profile,
    settings,
  }).slice(0, -1);
  yield* section('tags', [tags], archiveTag, pause);
  yield* section('lists', [lists], archiveList, pause);
  yield* section('savedFilters', [savedFilters], archiveSavedFilter, pause);
  yield* section('sections', [sections], archiveSection, pause);
  yield* section('todos', todoPagesWithHistory(db, userId), archiveTodo, pause);
  yield* section('plans', planPages(db, userId), archivePlan, pause);
  yield* section('completions', completionPages(db, userId), archiveCompletion, pause);
  yield* section('sharedPlans', sharedPlanPages(db, userId), archiveSharedPlan(userId), pause);
  // A chat's messages may be many: they are read in pages too, one line each.
  yield ',"chats":[';
  let firstChat = true;
  const message = archiveMessage(userId);
  for await (const page of chatPages(db, userId)) {
    for (const chat of page) {
      await pause();
      const opening: Omit<ArchiveChat, 'messages'> = {
        id: chat.id,
        shared: true,
        with: { name: chat.other_name },
        createdAt: chat.created_at,
      };
      yield `${firstChat ? '' : ','}${JSON.stringify(opening).slice(0, -1)},"messages":[\n`;
      firstChat = false;
      let firstMessage = true;
      for await (const messages of messagePages(db, chat.id)) {
        let chunk = '';
        for (const row of messages) {
          await pause();
          chunk += `${firstMessage ? '' : ','}${JSON.stringify(message(row))}\n`;
          firstMessage = false;
        }
        yield chunk;
      }
      yield ']}';
    }
  }
  yield ']';
  yield* section(
    'daysOff',
    [await dayOffRows(db, userId)],
    (row) => ({
      id: row.id,
      startDate: row.start_date,
      endDate: row.end_date,
      createdAt: row.created_at,
    }),
    pause,
  );
  yield* section(
    'focusSessions',
    focusSessionPages(db, userId),
    (row): ArchiveFocusSession => ({
      id: row.id,
      todoId: row.todo_id,
      taskId: row.task_id,
      startedAt: row.started_at,
      endedAt: row.ended_at,
      minutes: row.minutes,
    }),
    pause,
  );
  yield '}\n';
}
