import { DEFAULT_SETTINGS } from '@daywise/shared';
import { DAY_TIMES_MESSAGE, type Settings, type SettingUpdate } from '@daywise/shared/schemas';
import type { Insertable, Kysely, Selectable } from 'kysely';

import type { Database, UserSettingsTable } from '../db/schema';
import { ApiError } from '../lib/errors';

type Row = Selectable<UserSettingsTable>;

/** Which column holds each setting. */
const COLUMNS = {
  email: 'email_notifications',
  reminders: 'task_reminders',
  profileVisibility: 'profile_visibility',
  activityTracking: 'activity_tracking',
  theme: 'theme',
  timezone: 'timezone',
  weekStart: 'week_start',
  dayStart: 'day_start',
  dayEnd: 'day_end',
  review: 'review_reminders',
  focusMinutes: 'focus_minutes',
  shortBreakMinutes: 'short_break_minutes',
  longBreakMinutes: 'long_break_minutes',
  longBreakEvery: 'long_break_every',
} as const satisfies Record<SettingUpdate['key'], keyof UserSettingsTable>;

/** A new user's settings row: DEFAULT_SETTINGS, column by column. */
export function defaultSettingsRow(userId: string, now: Date): Insertable<UserSettingsTable> {
  const { notifications, privacy, preferences, focus } = DEFAULT_SETTINGS;
  return {
    user_id: userId,
    email_notifications: notifications.email,
    task_reminders: notifications.reminders,
    profile_visibility: privacy.profileVisibility,
    activity_tracking: privacy.activityTracking,
    theme: preferences.theme,
    timezone: preferences.timezone,
    week_start: preferences.weekStart,
    day_start: preferences.dayStart,
    day_end: preferences.dayEnd,
    review_reminders: notifications.review,
    focus_minutes: focus.focusMinutes,
    short_break_minutes: focus.shortBreakMinutes,
    long_break_minutes: focus.longBreakMinutes,
    long_break_every: focus.longBreakEvery,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}

function present(row: Row): Settings {
  return {
    notifications: {
      email: Boolean(row.email_notifications),
      reminders: Boolean(row.task_reminders),
      review: Boolean(row.review_reminders),
    },
    privacy: {
      profileVisibility: row.profile_visibility,
      activityTracking: Boolean(row.activity_tracking),
    },
    preferences: {
      theme: row.theme,
      timezone: row.timezone,
      weekStart: row.week_start,
      dayStart: row.day_start,
      dayEnd: row.day_end,
    },
    focus: {
      focusMinutes: row.focus_minutes,
      shortBreakMinutes: row.short_break_minutes,
      longBreakMinutes: row.long_break_minutes,
      longBreakEvery: row.long_break_every,
    },
  };
}

/**
 * The time zone in the user's settings, or none before they are made: the browser's first
 * settings read makes them, starting from its own time zone, which the server cannot know. Only
 * reads.
 */
export async function savedTimezone(
  db: Kysely<Database>,
  userId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_settings')
    .select('timezone')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.timezone;
}

/** The time zone "today" is counted in: the default (UTC) until the user's settings are made. */
export async function userTimezone(db: Kysely<Database>, userId: string): Promise<string> {
  return (await savedTimezone(db, userId)) ?? DEFAULT_SETTINGS.preferences.timezone;
}

/**
 * The user's settings, created with the defaults the first time they are read. A first read may
 * name the browser's time zone to start from instead of UTC.
 */
export async function readSettings(
  db: Kysely<Database>,
  userId: string,
  initialTimezone: string | undefined,
  now: Date,
): Promise<Settings> {
  const existing = await db
    .selectFrom('user_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (existing) {
    return present(existing);
  }
  await db
    .insertInto('user_settings')
    .values({
      ...defaultSettingsRow(userId, now),
      ...(initialTimezone ? { timezone: initialTimezone } : {}),
    })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
  const created = await db
    .selectFrom('user_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return present(created);
}

/**
 * Changes one setting and answers all of them. The day must start before it ends: a start at or
 * after the saved end, or an end at or before the saved start, is refused and changes nothing.
 */
export async function updateSetting(
  db: Kysely<Database>,
  userId: string,
  update: SettingUpdate,
  now: Date,
): Promise<Settings> {
  await readSettings(db, userId, undefined, now);
  // The check is the update's own condition, so that two changes at once cannot cross the times.
  let change = db
    .updateTable('user_settings')
    .set({ [COLUMNS[update.key]]: update.value, updated_at: now.toISOString() })
    .where('user_id', '=', userId);
  if (update.key === 'dayStart') {
    change = change.where('day_end', '>', update.value);
  } else if (update.key === 'dayEnd') {
    change = change.where('day_start', '<', update.value);
  }
  const { numUpdatedRows } = await change.executeTakeFirst();
  if (numUpdatedRows === 0n) {
    throw new ApiError('VALIDATION_FAILED', DAY_TIMES_MESSAGE, { value: DAY_TIMES_MESSAGE });
  }
  return readSettings(db, userId, undefined, now);
}
