import { type Kysely, sql } from 'kysely';

import { booleanType } from '../column-types';

/**
 * The user's day (when it starts and ends: the plan's timeline and the review), the review
 * reminder, and the focus timer's lengths (issue 33). Defaults: DEFAULT_SETTINGS.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bool = booleanType(db);
  const no = bool === 'boolean' ? sql`false` : sql`0`;
  const columns = [
    ['day_start', 'text', '08:00'],
    ['day_end', 'text', '20:00'],
    ['review_reminders', bool, no],
    ['focus_minutes', 'integer', 25],
    ['short_break_minutes', 'integer', 5],
    ['long_break_minutes', 'integer', 15],
    ['long_break_every', 'integer', 4],
  ] as const;
  for (const [name, type, value] of columns) {
    await db.schema
      .alterTable('user_settings')
      .addColumn(name, type, (col) => col.notNull().defaultTo(value))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'day_start',
    'day_end',
    'review_reminders',
    'focus_minutes',
    'short_break_minutes',
    'long_break_minutes',
    'long_break_every',
  ]) {
    await db.schema.alterTable('user_settings').dropColumn(name).execute();
  }
}
