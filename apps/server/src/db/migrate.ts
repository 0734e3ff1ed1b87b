import { type Kysely, sql } from 'kysely';
import { type Migration, type MigrationResult, Migrator } from 'kysely/migration';

import { isPostgres } from './column-types';
import * as publicForms from './migrations/0001-public-forms';
import * as accounts from './migrations/0002-accounts';
import * as userSettings from './migrations/0003-user-settings';
import * as profiles from './migrations/0004-profiles';
import * as todos from './migrations/0005-todos';
import * as dailyGoals from './migrations/0006-daily-goals';
import * as social from './migrations/0007-social';
import * as inputRobustness from './migrations/0008-input-robustness';
import * as todoCounts from './migrations/0009-todo-counts';
import * as todoSearch from './migrations/0010-todo-search';
import * as reminders from './migrations/0011-reminders';
import * as pushSubscriptions from './migrations/0012-push-subscriptions';
import * as agendaIndexes from './migrations/0013-agenda-indexes';
import * as todoRepeats from './migrations/0014-todo-repeats';
import * as daysOff from './migrations/0015-days-off';
import * as todoTags from './migrations/0016-todo-tags';
import * as imports from './migrations/0017-imports';
import * as calendarFeedAndApiTokens from './migrations/0018-calendar-feed-and-api-tokens';
import * as importRestored from './migrations/0019-import-restored';
import * as planCounts from './migrations/0020-plan-counts';
import * as todoSearchPerUser from './migrations/0021-todo-search-per-user';
import * as oneRunningImport from './migrations/0022-one-running-import';
import * as lists from './migrations/0023-lists';
import * as subtasksAndSections from './migrations/0024-subtasks-and-sections';
import * as savedFilters from './migrations/0025-saved-filters';
import * as severalReminders from './migrations/0026-several-reminders';
import * as listPagesByDate from './migrations/0027-list-pages-by-date';
import * as weekStart from './migrations/0028-week-start';
import * as importHistory from './migrations/0029-import-history';
import * as openTodosByList from './migrations/0030-open-todos-by-list';
import * as dayAndFocus from './migrations/0031-day-and-focus';
import * as timeBlocks from './migrations/0032-time-blocks';
import * as focus from './migrations/0033-focus';
import * as reviewOutcomes from './migrations/0034-review-outcomes';
import * as topLevelOpenTodos from './migrations/0035-top-level-open-todos';
import * as excludedDates from './migrations/0036-excluded-dates';
import * as davObjects from './migrations/0037-dav-objects';
import * as notificationChannels from './migrations/0038-notification-channels';
import * as admin from './migrations/0040-admin';
import * as eventWebhooks from './migrations/0041-event-webhooks';
import * as davSync from './migrations/0042-dav-sync';
import type { Database } from './schema';

/**
 * Every migration, in order. Listed statically (not read from a folder) so the bundled server
 * carries them. Never edit a migration that has shipped; add a new one.
 */
const migrations: Record<string, Migration> = {
  '0001-public-forms': publicForms,
  '0002-accounts': accounts,
  '0003-user-settings': userSettings,
  '0004-profiles': profiles,
  '0005-todos': todos,
  '0006-daily-goals': dailyGoals,
  '0007-social': social,
  '0008-input-robustness': inputRobustness,
  '0009-todo-counts': todoCounts,
  '0010-todo-search': todoSearch,
  '0011-reminders': reminders,
  '0012-push-subscriptions': pushSubscriptions,
  '0013-agenda-indexes': agendaIndexes,
  '0014-todo-repeats': todoRepeats,
  '0015-days-off': daysOff,
  '0016-todo-tags': todoTags,
  '0017-imports': imports,
  '0018-calendar-feed-and-api-tokens': calendarFeedAndApiTokens,
  '0019-import-restored': importRestored,
  '0020-plan-counts': planCounts,
  '0021-todo-search-per-user': todoSearchPerUser,
  '0022-one-running-import': oneRunningImport,
  '0023-lists': lists,
  '0024-subtasks-and-sections': subtasksAndSections,
  '0025-saved-filters': savedFilters,
  '0026-several-reminders': severalReminders,
  '0027-list-pages-by-date': listPagesByDate,
  '0028-week-start': weekStart,
  '0029-import-history': importHistory,
  '0030-open-todos-by-list': openTodosByList,
  '0031-day-and-focus': dayAndFocus,
  '0032-time-blocks': timeBlocks,
  '0033-focus': focus,
  '0034-review-outcomes': reviewOutcomes,
  '0035-top-level-open-todos': topLevelOpenTodos,
  '0036-excluded-dates': excludedDates,
  '0037-dav-objects': davObjects,
  '0038-notification-channels': notificationChannels,
  '0040-admin': admin,
  '0041-event-webhooks': eventWebhooks,
  '0042-dav-sync': davSync,
};

/** Every migration's name, in order: a database that has run one not listed is newer than this code. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

async function currentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}

/**
 * Brings the schema up to date. On PostgreSQL, Kysely's Migrator holds a transaction-scoped
 * advisory lock for the whole run, so two instances starting together never migrate at once.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResult[]> {
  const { error, results = [] } = await (await migrator(db)).migrateToLatest();
  if (error) {
    throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
  }
  return results;
}

/**
 * How many migrations the database has run, and the names of those it has yet to run (ADR 0036:
 * an existing SQLite database is copied before they run).
 */
export async function migrationState(
  db: Kysely<Database>,
): Promise<{ executed: number; pending: string[] }> {
  const all = await (await migrator(db)).getMigrations();
  return {
    executed: all.filter((migration) => migration.executedAt !== undefined).length,
    pending: all.filter((migration) => migration.executedAt === undefined).map((m) => m.name),
  };
}

async function migrator(db: Kysely<Database>): Promise<Migrator> {
  return new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    // Kysely looks for its bookkeeping tables in every schema unless told which one; with
    // several schemas in one database (parallel tests) it would find another's and fail.
    ...(isPostgres(db) ? { migrationTableSchema: await currentSchema(db) } : {}),
  });
}
