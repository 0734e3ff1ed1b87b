import { createHash } from 'node:crypto';

import { PICTURE_MAX_BYTES, QUOTAS } from '@daywise/shared';
import { type Endpoint, profileApi, settingsApi } from '@daywise/shared/api';
import {
  type ArchivePlan,
  DAYS_OFF_LIMIT,
  DAYS_OFF_MAX_SPAN,
  type ImportProblem,
  PLAN_LIMITS,
  planSchema,
  planTaskSchema,
  profileUpdateSchema,
  type SettingUpdate,
  settingUpdateSchema,
  tagSchema,
} from '@daywise/shared/schemas';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';

import { isPostgres } from '../db/column-types';
import type { DailyTaskTable, Database } from '../db/schema';
import { dayOffSpan } from '../habits/days-off';
import { ApiError } from '../lib/errors';
import type { DomainEvent, EventBus } from '../lib/events';
import { newId } from '../lib/ids';
import { lockQuota } from '../lib/quota';
import { slicer } from '../lib/slices';
import { refreshCompletion } from '../plans/completion';
import { tagNameKey } from '../plans/tags';
import { type EncodedPicture, encodePicture } from '../profile/pictures';
import { savePicture, updateProfile } from '../profile/profiles';
import { updateSetting } from '../settings/settings';
import { resettleHabits } from '../todos/repeating';
import type { ArchiveRest } from './parse';

/**
 * Items written per transaction; the page's progress moves once per batch. On SQLite a
 * transaction holds the one connection that every other request's query waits for, so a batch is
 * small enough to fit in one slice and the work yields between transactions, never within one
 * (ADR 0022). On PostgreSQL a transaction has a pooled connection of its own and waits on the
 * network, not the event loop, so batches are larger: each costs a quota lock and a count.
 */
export function importBatchSize(db: Kysely<Database>): number {
  return isPostgres(db) ? 200 : 10;
}

/**
 * The rest of a Daywise archive (docs/data-archive.md, "Importing an archive"): the profile and
 * settings, the daily plans with their tasks and completion records, and the days off. Todos,
 * their tags, repeats and occurrence history come in through imports.ts like any other file.
 *
 * Everything is checked as the API would check it, since a file can say anything. A plan keeps
 * an id derived from the user and its original id, so importing the archive again finds it and
 * adds nothing; a day the user already planned keeps their plan, and a range of days off they
 * have already is not added twice. Shared plans and chats belong to two people and stay in the
 * file.
 */

/** An id for a record restored from an archive: the same for the same user and original id. */
function restoredId(userId: string, kind: string, originalId: string): string {
  return createHash('sha256')
    .update(JSON.stringify([userId, kind, originalId]))
    .digest('hex')
    .slice(0, 32);
}

/**
 * Who asked for the import: the signed-in browser, or an API token. A token never has the effect
 * of an endpoint it may not call (ADR 0022): an archive's account parts are restored only where
 * the caller could make the same change through the API, so a token cannot make a private
 * profile public or switch off email reminders by importing what PATCH /api/settings refuses it.
 */
export type ImportCaller = 'session' | 'token';

type AccountPart = 'profile' | 'picture' | 'settings';

/** The account parts an archive restores, each with the endpoint that makes the same change. */
const ACCOUNT_PARTS: Record<AccountPart, { endpoint: Endpoint; refused: string }> = {
  profile: {
    endpoint: profileApi.update,
    refused:
      'Profile not restored: an API token cannot change the profile. Import the file in Daywise in a browser to restore it.',
  },
  picture: {
    endpoint: profileApi.uploadPicture,
    refused:
      'Profile picture not restored: an API token cannot change the picture. Import the file in Daywise in a browser to restore it.',
  },
  settings: {
    endpoint: settingsApi.update,
    refused:
      'Settings not restored: an API token cannot change settings. Import the file in Daywise in a browser to restore them.',
  },
};

/** Whether the caller may restore this part: a token only what its endpoint accepts a token for. */
function mayRestore(caller: ImportCaller, part: AccountPart): boolean {
  return caller === 'session' || ACCOUNT_PARTS[part].endpoint.cookieOnly !== true;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The first message of a failed check, for a problem line. */
function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'it is not valid';
}

/** The settings an archive holds, as the updates the Settings page would send. */
function settingUpdates(settings: ArchiveRest['settings']): unknown[] {
  return [
    { group: 'notifications', key: 'email', value: settings.notifications.email },
    { group: 'notifications', key: 'reminders', value: settings.notifications.reminders },
    {
      group: 'privacy',
      key: 'profileVisibility',
      value: settings.privacy.profileVisibility,
    },
    { group: 'privacy', key: 'activityTracking', value: settings.privacy.activityTracking },
    { group: 'preferences', key: 'theme', value: settings.preferences.theme },
    { group: 'preferences', key: 'timezone', value: settings.preferences.timezone },
  ];
}

/** What the preview says the rest of the archive brings back, and what stays in the file. */
export async function restorePreview(
  db: Kysely<Database>,
  userId: string,
  rest: ArchiveRest,
  caller: ImportCaller,
): Promise<string[]> {
  const picture = rest.profile.picture !== null && mayRestore(caller, 'picture');
  const lines = [
    mayRestore(caller, 'profile')
      ? `Your profile: name, bio, location, website${picture ? ' and picture' : ''}`
      : ACCOUNT_PARTS.profile.refused,
    ...(rest.profile.picture !== null && !picture ? [ACCOUNT_PARTS.picture.refused] : []),
    mayRestore(caller, 'settings')
      ? `Your settings: notifications, privacy, theme and time zone (${rest.settings.preferences.timezone.slice(0, 64)})`
      : ACCOUNT_PARTS.settings.refused,
  ];
  if (rest.plans.length > 0) {
    const tasks = rest.plans.reduce((sum, plan) => sum + plan.tasks.length, 0);
    const planned = await plannedDays(
      db,
      userId,
      rest.plans.map((plan) => plan.planDate),
    );
    const kept = rest.plans.filter((plan) => planned.has(plan.planDate)).length;
    lines.push(
      `${plural(rest.plans.length, 'daily plan')} with ${plural(tasks, 'task')} and their completion records` +
        (kept > 0 ? ` (${plural(kept, 'day')} you already planned keep your plan)` : ''),
    );
  }
  if (rest.daysOff.length > 0) {
    lines.push(plural(rest.daysOff.length, 'range of days off', 'ranges of days off'));
  }
  const shared = [
    rest.sharedPlans.length > 0 ? plural(rest.sharedPlans.length, 'shared plan') : null,
    rest.chats.length > 0 ? plural(rest.chats.length, 'chat') : null,
  ].filter((part): part is string => part !== null);
  if (shared.length > 0) {
    lines.push(
      `Left in the file: ${shared.join(' and ')}, which belong to you and a friend together`,
    );
  }
  return lines;
}

/**
 * Which of these days the user has a plan for, read 500 days a query; it yields between queries
 * only, so a transaction's batch of at most 500 days never waits within it.
 */
async function plannedDays(
  db: Kysely<Database>,
  userId: string,
  days: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  const pause = slicer();
  for (let start = 0; start < days.length; start += 500) {
    if (start > 0) {
      await pause();
    }
    const rows = await db
      .selectFrom('daily_plans')
      .select('plan_date')
      .where('user_id', '=', userId)
      .where('plan_date', 'in', days.slice(start, start + 500))
      .execute();
    for (const row of rows) {
      found.add(row.plan_date);
    }
  }
  return found;
}

export interface Restoring {
  db: Kysely<Database>;
  events: EventBus;
  userId: string;
  now: Date;
  caller: ImportCaller;
  /**
   * Called within each transaction that writes a batch: shows the import is alive, and throws
   * when it is no longer running (imports.ts), which rolls the batch back.
   */
  heartbeat: (trx: Kysely<Database>) => Promise<void>;
}

export interface RestoreStep {
  restored: string[];
  problems: ImportProblem[];
  /** Events for after the commit. */
  followUps: DomainEvent[];
}

/** The picture re-encoded as an upload would be, or null when it is not one we accept. */
async function archivedPicture(
  picture: ArchiveRest['profile']['picture'],
): Promise<EncodedPicture | null> {
  if (!picture) {
    return null;
  }
  const bytes = Buffer.from(picture.base64, 'base64');
  // The same limit as an upload (ADR 0014).
  if (bytes.length > PICTURE_MAX_BYTES) {
    return null;
  }
  try {
    return await encodePicture(bytes);
  } catch (error) {
    if (error instanceof ApiError) {
      return null;
    }
    throw error;
  }
}

/** A tag of the archive as a tag form would accept it. */
interface CheckedTag {
  name: string;
  key: string;
  color: string;
  createdAt: string;
}

/**
 * The archive's tags a tag form would accept, once per name; the rest go to `problems`. Checked
 * before the transaction that writes them, yielding as it goes, since an archive may hold many.
 */
async function checkedTags(
  tags: ArchiveRest['tags'],
  problems: ImportProblem[],
): Promise<CheckedTag[]> {
  const unique = new Map<string, CheckedTag>();
  const pause = slicer();
  for (const tag of tags) {
    await pause();
    const checked = tagSchema.safeParse(tag);
    if (!checked.success) {
      problems.push({
        row: 0,
        message: `Tag "${tag.name.slice(0, PLAN_LIMITS.tagNameMax)}" not restored: ${firstIssue(checked.error)}`,
      });
      continue;
    }
    const key = tagNameKey(checked.data.name);
    if (!unique.has(key)) {
      unique.set(key, { ...checked.data, key, createdAt: tag.createdAt });
    }
  }
  return [...unique.values()];
}

/**
 * Adds the checked tags the user does not have by name, with their colours and times, within
 * the tag quota: at most QUOTAS.tags inserts, so the transaction never needs to yield. Answers
 * how many were added.
 */
async function restoreTags(
  trx: Kysely<Database>,
  userId: string,
  tags: readonly CheckedTag[],
  problems: ImportProblem[],
): Promise<number> {
  const rows = await trx
    .selectFrom('user_tags')
    .select('name_key')
    .where('user_id', '=', userId)
    .execute();
  const have = new Set(rows.map((row) => row.name_key));
  let added = 0;
  for (const tag of tags) {
    if (have.has(tag.key)) {
      continue;
    }
    if (have.size >= QUOTAS.tags) {
      problems.push({
        row: 0,
        message: `Tag "${tag.name}" not restored: you can have at most ${QUOTAS.tags} tags`,
      });
      continue;
    }
    await trx
      .insertInto('user_tags')
      .values({
        id: newId(),
        user_id: userId,
        name: tag.name,
        name_key: tag.key,
        color: tag.color,
        created_at: tag.createdAt,
      })
      .execute();
    have.add(tag.key);
    added += 1;
  }
  return added;
}

/**
 * Restores the profile (the email stays the account's), the settings and every tag, before the
 * todos, so that those are read in the archive's time zone and find their tags; each account
 * part only if the caller may change it (ACCOUNT_PARTS). Answers the zone restored, if any, and
 * how many tags were added.
 */
export async function restoreAccount(
  { db, events, userId, now, caller }: Restoring,
  rest: ArchiveRest,
): Promise<RestoreStep & { timeZone: string | null; tagsCreated: number }> {
  const restored: string[] = [];
  const problems: ImportProblem[] = [];
  for (const part of Object.keys(ACCOUNT_PARTS) as AccountPart[]) {
    const inFile = part !== 'picture' || rest.profile.picture !== null;
    if (inFile && !mayRestore(caller, part)) {
      problems.push({ row: 0, message: ACCOUNT_PARTS[part].refused });
    }
  }
  const picture = mayRestore(caller, 'picture')
    ? await archivedPicture(rest.profile.picture)
    : null;
  if (rest.profile.picture && mayRestore(caller, 'picture') && !picture) {
    problems.push({
      row: 0,
      message: 'Profile picture not restored: it is not a picture we accept',
    });
  }
  const profile = mayRestore(caller, 'profile')
    ? profileUpdateSchema.safeParse(rest.profile)
    : undefined;
  if (profile?.success === false) {
    problems.push({ row: 0, message: `Profile not restored: ${firstIssue(profile.error)}` });
  }
  const updates: SettingUpdate[] = [];
  const settings = mayRestore(caller, 'settings') ? settingUpdates(rest.settings) : [];
  for (const update of settings) {
    const checked = settingUpdateSchema.safeParse(update);
    if (checked.success) {
      updates.push(checked.data);
    } else {
      const { key } = update as { key: string };
      problems.push({
        row: 0,
        message: `Setting "${key}" not restored: ${firstIssue(checked.error)}`,
      });
    }
  }
  const tags = await checkedTags(rest.tags, problems);
  const { followUps, tagsCreated } = await db.transaction().execute(async (trx) => {
    await lockQuota(trx, 'user_tags', [userId]);
    const added = await restoreTags(trx, userId, tags, problems);
    if (profile?.success === true) {
      await updateProfile(trx, userId, profile.data, now);
    }
    if (picture) {
      await savePicture(trx, userId, picture, now);
    }
    for (const update of updates) {
      await updateSetting(trx, userId, update, now);
    }
    // The time zone and the reminder switch decide every reminder job of the user.
    return {
      followUps:
        updates.length > 0
          ? await events.within(trx, { type: 'settings.changed', userId, key: 'timezone' })
          : [],
      tagsCreated: added,
    };
  });
  if (profile?.success === true) {
    restored.push(picture ? 'Profile and picture restored' : 'Profile restored');
  }
  if (settings.length > 0) {
    restored.push(
      updates.length === 6 ? 'Settings restored' : `${plural(updates.length, 'setting')} restored`,
    );
  }
  const zone = updates.find((update) => update.key === 'timezone');
  return {
    restored,
    problems,
    followUps: [
      ...followUps,
      { type: 'profile.changed', userId },
      ...(tagsCreated > 0 ? [{ type: 'plans.changed' as const, userId }] : []),
    ],
    timeZone: zone ? String(zone.value) : null,
    tagsCreated,
  };
}

/**
 * The archive's ranges of days off the days-off form would accept, once each; the rest go to
 * `problems`. Checked before the transaction that writes them, yielding as it goes.
 */
async function checkedDaysOff(
  ranges: ArchiveRest['daysOff'],
  problems: ImportProblem[],
): Promise<ArchiveRest['daysOff']> {
  const unique = new Map<string, ArchiveRest['daysOff'][number]>();
  const pause = slicer();
  for (const range of ranges) {
    await pause();
    const span = dayOffSpan(range.startDate, range.endDate);
    if (span < 1 || span > DAYS_OFF_MAX_SPAN) {
      problems.push({
        row: 0,
        message: `Days off ${range.startDate} to ${range.endDate} not restored: a range is 1 to ${DAYS_OFF_MAX_SPAN} days`,
      });
      continue;
    }
    const key = `${range.startDate}/${range.endDate}`;
    if (!unique.has(key)) {
      unique.set(key, range);
    }
  }
  return [...unique.values()];
}

/** A plan's fields and tasks checked as the plan form's would be, or the first problem. */
function checkedPlan(plan: ArchivePlan): { ok: true } | { ok: false; message: string } {
  const fields = planSchema.pick({ title: true, description: true }).safeParse(plan);
  if (!fields.success) {
    return { ok: false, message: firstIssue(fields.error) };
  }
  if (plan.tasks.length > PLAN_LIMITS.tasksMax) {
    return { ok: false, message: `A plan can have at most ${PLAN_LIMITS.tasksMax} tasks` };
  }
  for (const task of plan.tasks) {
    const checked = planTaskSchema.safeParse(task);
    if (!checked.success) {
      return { ok: false, message: firstIssue(checked.error) };
    }
    if (task.tagColor !== null && !/^#[0-9a-fA-F]{6}$/.test(task.tagColor)) {
      return { ok: false, message: 'A task’s tag colour is not a colour like #3B82F6' };
    }
  }
  return { ok: true };
}

/**
 * Restores the plans with their tasks as they were (ticked or not, with their times) and counts
 * each day's completion record again from them, with the record's own times; then the days off,
 * and every habit counted again over them.
 */
export async function restorePlansAndDaysOff(
  { db, events, userId, heartbeat }: Restoring,
  rest: ArchiveRest,
  today: string,
  zone: string,
): Promise<RestoreStep> {
  const problems: ImportProblem[] = [];
  const restored: string[] = [];
  const followUps: DomainEvent[] = [];
  const completions = new Map(rest.completions.map((record) => [record.planId, record]));
  let created = 0;
  let before = 0;
  const pause = slicer();
  const batchSize = importBatchSize(db);
  for (let start = 0; start < rest.plans.length; start += batchSize) {
    const batch = rest.plans.slice(start, start + batchSize);
    // Between transactions, never within one: see importBatchSize.
    await pause();
    await db.transaction().execute(async (trx) => {
      await heartbeat(trx);
      const planned = await plannedDays(
        trx,
        userId,
        batch.map((plan) => plan.planDate),
      );
      const ours = new Set(
        (
          await trx
            .selectFrom('daily_plans')
            .select('id')
            .where(
              'id',
              'in',
              batch.map((plan) => restoredId(userId, 'plan', plan.id)),
            )
            .execute()
        ).map((row) => row.id),
      );
      for (const plan of batch) {
        const id = restoredId(userId, 'plan', plan.id);
        if (ours.has(id)) {
          before += 1;
          continue;
        }
        if (planned.has(plan.planDate)) {
          problems.push({
            row: 0,
            message: `Plan for ${plan.planDate} not restored: you already have a plan that day`,
          });
          continue;
        }
        const checked = checkedPlan(plan);
        if (!checked.ok) {
          problems.push({
            row: 0,
            message: `Plan for ${plan.planDate} not restored: ${checked.message}`,
          });
          continue;
        }
        const row = {
          id,
          user_id: userId,
          plan_date: plan.planDate,
          title: plan.title.trim(),
          description: plan.description.trim(),
          created_at: plan.createdAt,
          updated_at: plan.updatedAt,
        };
        await trx.insertInto('daily_plans').values(row).execute();
        ours.add(id);
        planned.add(plan.planDate);
        const tasks = [...plan.tasks].sort((a, b) => a.position - b.position);
        if (tasks.length > 0) {
          await trx
            .insertInto('daily_tasks')
            .values(
              tasks.map((task, position): Selectable<DailyTaskTable> => ({
                id: newId(),
                plan_id: id,
                user_id: userId,
                position,
                title: task.title.trim(),
                description: task.description.trim(),
                priority: task.priority,
                tag: task.tag?.trim() || null,
                tag_color: task.tag?.trim() ? (task.tagColor?.toUpperCase() ?? null) : null,
                reminder_time: task.reminderTime,
                completed: task.completed,
                completed_at: task.completed ? task.completedAt : null,
                completed_date: task.completed ? task.completedDate : null,
                created_at: task.createdAt,
                updated_at: task.updatedAt,
              })),
            )
            .execute();
        }
        const record = completions.get(plan.id);
        await refreshCompletion(trx, row, new Date(record?.updatedAt ?? plan.updatedAt));
        if (record) {
          await trx
            .updateTable('daily_completions')
            .set({ created_at: record.createdAt })
            .where('plan_id', '=', id)
            .execute();
        }
        followUps.push(
          ...(await events.within(trx, {
            type: 'plan.written',
            userId,
            planId: id,
            removedTaskIds: [],
          })),
        );
        created += 1;
      }
    });
  }
  if (rest.plans.length > 0) {
    restored.push(
      `${plural(created, 'daily plan')} restored` +
        (before > 0 ? `, ${plural(before, 'plan')} restored before` : ''),
    );
    followUps.push({ type: 'plans.changed', userId });
  }

  const ranges = await checkedDaysOff(rest.daysOff, problems);
  const daysOff = await db.transaction().execute(async (trx) => {
    await heartbeat(trx);
    await lockQuota(trx, 'days_off', [userId]);
    const existing = await trx
      .selectFrom('days_off')
      .select(['start_date', 'end_date'])
      .where('user_id', '=', userId)
      .execute();
    const have = new Set(existing.map((row) => `${row.start_date}/${row.end_date}`));
    let added = 0;
    for (const range of ranges) {
      const key = `${range.startDate}/${range.endDate}`;
      if (have.has(key)) {
        continue;
      }
      if (have.size >= DAYS_OFF_LIMIT) {
        problems.push({
          row: 0,
          message: `Days off ${range.startDate} to ${range.endDate} not restored: you can have at most ${DAYS_OFF_LIMIT} ranges`,
        });
        continue;
      }
      await trx
        .insertInto('days_off')
        .values({
          id: newId(),
          user_id: userId,
          start_date: range.startDate,
          end_date: range.endDate,
          created_at: range.createdAt,
        })
        .execute();
      have.add(key);
      added += 1;
    }
    return added;
  });
  // Days off and restored occurrences change every habit: count them all again, after the commit.
  await resettleHabits(db, userId, today, zone);
  if (daysOff > 0) {
    restored.push(`${plural(daysOff, 'range of days off', 'ranges of days off')} restored`);
  }
  followUps.push({ type: 'todos.changed', userId });
  return { restored, problems, followUps };
}
