import { PICTURE_MAX_BYTES, QUOTAS } from '@daywise/shared';
import { type Endpoint, profileApi, settingsApi } from '@daywise/shared/api';
import {
  type ImportProblem,
  PLAN_LIMITS,
  profileUpdateSchema,
  type Settings,
  type SettingUpdate,
  settingUpdateSchema,
  tagSchema,
} from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { ApiError } from '../lib/errors';
import { newId } from '../lib/ids';
import { lockQuota } from '../lib/quota';
import { slicer } from '../lib/slices';
import { tagNameKey } from '../plans/tags';
import { type EncodedPicture, encodePicture } from '../profile/pictures';
import { savePicture, updateProfile } from '../profile/profiles';
import { readSettings, updateSetting } from '../settings/settings';
import type { ArchiveRest } from './parsed-import';
import { firstIssue, type ImportCaller, plural, type RestoreStep, type Restoring } from './restore';
import { restoreSavedFilters } from './restore-filters';
import { restoreLists } from './restore-lists';
import { type RestoredSection, restoreSections } from './restore-sections';

type AccountPart = 'profile' | 'picture' | 'settings';

/** The account parts an archive restores, each with the endpoint that makes the same change. */
export const ACCOUNT_PARTS: Record<AccountPart, { endpoint: Endpoint; refused: string }> = {
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
export function mayRestore(caller: ImportCaller, part: AccountPart): boolean {
  return caller === 'session' || ACCOUNT_PARTS[part].endpoint.cookieOnly !== true;
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
    ...optionalUpdates('notifications', { review: settings.notifications.review }),
    ...optionalUpdates('preferences', {
      weekStart: settings.preferences.weekStart,
      dayStart: settings.preferences.dayStart,
      dayEnd: settings.preferences.dayEnd,
    }),
    ...optionalUpdates('focus', settings.focus ?? {}),
  ];
}

/** The updates for settings an older archive may lack: those it has. */
function optionalUpdates(group: string, values: Record<string, unknown>): unknown[] {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({ group, key, value }));
}

/**
 * The updates in an order the saved day allows: a day that starts after the saved one ends gets
 * its end first. A start and end that cross are refused by updateSetting all the same.
 */
function inDayOrder(updates: SettingUpdate[], saved: Settings): SettingUpdate[] {
  const start = updates.find((update) => update.key === 'dayStart');
  if (!start || start.value < saved.preferences.dayEnd) {
    return updates;
  }
  return updates.toSorted((a, b) => Number(b.key === 'dayEnd') - Number(a.key === 'dayEnd'));
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

/** The archive's settings the Settings page would accept, as its updates; the rest go to `problems`. */
function checkedSettings(
  settings: ArchiveRest['settings'],
  problems: ImportProblem[],
): SettingUpdate[] {
  const updates: SettingUpdate[] = [];
  for (const update of settingUpdates(settings)) {
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
  return updates;
}

/** Applies the checked settings; one the saved ones refuse goes to `problems`. Says how many. */
async function restoreSettings(
  trx: Kysely<Database>,
  userId: string,
  updates: SettingUpdate[],
  problems: ImportProblem[],
  now: Date,
): Promise<number> {
  if (updates.length === 0) {
    return 0;
  }
  let restored = 0;
  for (const update of inDayOrder(updates, await readSettings(trx, userId, undefined, now))) {
    try {
      await updateSetting(trx, userId, update, now);
      restored += 1;
    } catch (error) {
      if (!(error instanceof ApiError)) {
        throw error;
      }
      problems.push({ row: 0, message: `Setting "${update.key}" not restored: ${error.message}` });
    }
  }
  return restored;
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
): Promise<
  RestoreStep & {
    timeZone: string | null;
    tagsCreated: number;
    listIds: Map<string, string>;
    sectionIds: Map<string, RestoredSection>;
  }
> {
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
  const settings = mayRestore(caller, 'settings');
  const updates = settings ? checkedSettings(rest.settings, problems) : [];
  const tags = await checkedTags(rest.tags, problems);
  const { followUps, tagsCreated, lists, savedFilters, sections, settingsRestored } = await db
    .transaction()
    .execute(async (trx) => {
      await lockQuota(trx, 'user_tags', [userId]);
      await lockQuota(trx, 'lists', [userId]);
      await lockQuota(trx, 'saved_filters', [userId]);
      await lockQuota(trx, 'sections', [userId]);
      const added = await restoreTags(trx, userId, tags, problems);
      // Before the todos, which find their lists and sections in the maps.
      const restoredLists = await restoreLists(trx, userId, rest.lists, problems);
      const restoredSections = await restoreSections(
        trx,
        userId,
        rest.sections,
        restoredLists.listIds,
        problems,
      );
      const restoredFilters = await restoreSavedFilters(trx, userId, rest.savedFilters, problems);
      if (profile?.success === true) {
        await updateProfile(trx, userId, profile.data, now);
      }
      if (picture) {
        await savePicture(trx, userId, picture, now);
      }
      const settingsRestored = await restoreSettings(trx, userId, updates, problems, now);
      // The time zone and the reminder switch decide every reminder job of the user.
      return {
        followUps:
          updates.length > 0
            ? await events.within(trx, { type: 'settings.changed', userId, key: 'timezone' })
            : [],
        tagsCreated: added,
        lists: restoredLists,
        savedFilters: restoredFilters,
        sections: restoredSections,
        settingsRestored,
      };
    });
  if (profile?.success === true) {
    restored.push(picture ? 'Profile and picture restored' : 'Profile restored');
  }
  if (settings) {
    restored.push(
      settingsRestored === settingUpdates(rest.settings).length
        ? 'Settings restored'
        : `${plural(settingsRestored, 'setting')} restored`,
    );
  }
  if (lists.added > 0) {
    restored.push(`${plural(lists.added, 'list')} restored`);
  }
  if (savedFilters > 0) {
    restored.push(`${plural(savedFilters, 'saved filter')} restored`);
  }
  if (sections.added > 0) {
    restored.push(`${plural(sections.added, 'section')} restored`);
  }
  const zone = updates.find((update) => update.key === 'timezone');
  return {
    restored,
    problems,
    followUps: [
      ...followUps,
      { type: 'profile.changed', userId },
      ...(tagsCreated > 0 ? [{ type: 'plans.changed' as const, userId }] : []),
      ...(lists.added > 0 ? [{ type: 'lists.changed' as const, userId }] : []),
      ...(savedFilters > 0 ? [{ type: 'filters.changed' as const, userId }] : []),
      ...(sections.added > 0 ? [{ type: 'sections.changed' as const, userId }] : []),
    ],
    timeZone: zone ? String(zone.value) : null,
    tagsCreated,
    listIds: lists.listIds,
    sectionIds: sections.sectionIds,
  };
}
