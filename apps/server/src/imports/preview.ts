import { QUOTAS, repeatText } from '@daywise/shared';
import type { ImportPreview } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { previewPlaces } from './file-places';
import {
  itemsHere,
  limitProblems,
  missingTags,
  overQuotaProblem,
  tagQuotaProblem,
  tagsByKey,
  todoCount,
} from './import-room';
import type { ArchiveRest, ParsedImport } from './parsed-import';
import { type ImportCaller, plural } from './restore';
import { ACCOUNT_PARTS, mayRestore } from './restore-account';
import { restoredBefore, type RestoredTable } from './restore-ordered';
import { daysOffHere, plannedDays, plansHere, rangeKey } from './restore-plans';

/** The first items the preview shows. */
const SAMPLE_SIZE = 20;
/** At most this many mappings are shown (a file can name a label or a list on every row). */
const MAPPINGS_SHOWN = 500;

/**
 * The preview's lines for the archive's plans: those the user has not (plansHere), and how many
 * they have already, in the words a todo imported before gets ('3 imported before').
 */
async function plansPreview(
  db: Kysely<Database>,
  userId: string,
  plans: ArchiveRest['plans'],
): Promise<string[]> {
  const here = await plansHere(db, userId, plans);
  const fresh = plans.filter((plan) => !here.has(plan.id));
  const lines: string[] = [];
  if (fresh.length > 0) {
    const tasks = fresh.reduce((sum, plan) => sum + plan.tasks.length, 0);
    const planned = await plannedDays(
      db,
      userId,
      fresh.map((plan) => plan.planDate),
    );
    const kept = fresh.filter((plan) => planned.has(plan.planDate)).length;
    lines.push(
      `${plural(fresh.length, 'daily plan')} with ${plural(tasks, 'task')} and their completion records` +
        (kept > 0 ? ` (${plural(kept, 'day')} you already planned keep your plan)` : ''),
    );
  }
  const before = plans.length - fresh.length;
  if (before > 0) {
    lines.push(`${plural(before, 'daily plan')} imported before`);
  }
  return lines;
}

/** The preview's lines for the archive's ranges of days off: those the user has not, and the rest. */
async function daysOffPreview(
  db: Kysely<Database>,
  userId: string,
  ranges: ArchiveRest['daysOff'],
): Promise<string[]> {
  const have = await daysOffHere(db, userId);
  const inFile = new Set(ranges.map(rangeKey));
  const before = [...inFile].filter((key) => have.has(key)).length;
  const fresh = inFile.size - before;
  return [
    ...(fresh > 0 ? [plural(fresh, 'range of days off', 'ranges of days off')] : []),
    ...(before > 0
      ? [`${plural(before, 'range of days off', 'ranges of days off')} imported before`]
      : []),
  ];
}

/** The preview's lines for an ordered section: records not restored before, and the rest. */
async function orderedPreview(
  db: Kysely<Database>,
  userId: string,
  section: { table: RestoredTable; kind: string; noun: string },
  records: readonly { id: string }[],
): Promise<string[]> {
  const before = await restoredBefore(db, userId, section.table, section.kind, records);
  const fresh = records.length - before;
  return [
    ...(fresh > 0 ? [plural(fresh, section.noun)] : []),
    ...(before > 0 ? [`${plural(before, section.noun)} imported before`] : []),
  ];
}

/** What the preview says the rest of the archive brings back, and what stays in the file. */
async function restorePreview(
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
  lines.push(
    ...(await orderedPreview(
      db,
      userId,
      { table: 'lists', kind: 'list', noun: 'list' },
      rest.lists,
    )),
    ...(await orderedPreview(
      db,
      userId,
      { table: 'saved_filters', kind: 'saved-filter', noun: 'saved filter' },
      rest.savedFilters,
    )),
    ...(await orderedPreview(
      db,
      userId,
      { table: 'sections', kind: 'section', noun: 'section' },
      rest.sections,
    )),
  );
  lines.push(...(await plansPreview(db, userId, rest.plans)));
  lines.push(...(await daysOffPreview(db, userId, rest.daysOff)));
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

/** What importing the file would do, read without writing anything. */
export async function previewImport(
  db: Kysely<Database>,
  userId: string,
  parsed: ParsedImport,
  fileName: string,
  caller: ImportCaller,
): Promise<ImportPreview> {
  const [done, count, tags] = await Promise.all([
    itemsHere(db, userId, parsed.items),
    todoCount(db, userId),
    tagsByKey(db, userId),
  ]);
  const fresh = parsed.items.filter((item) => !done.has(item.sourceKey));
  const room = Math.max(0, QUOTAS.todos - count);
  const overQuota = Math.max(0, fresh.length - room);
  const kept = fresh.slice(0, room);
  const newTags = await missingTags(kept, tags, parsed);
  const tagRoom = Math.max(0, QUOTAS.tags - tags.size);
  const places = await previewPlaces(db, userId, parsed.places, kept);
  const problems = [...parsed.problems, ...places.problems];
  if (overQuota > 0) {
    problems.push(overQuotaProblem(overQuota));
  }
  if (newTags.length > tagRoom) {
    problems.push(tagQuotaProblem(newTags.slice(tagRoom)));
  }
  return {
    format: parsed.format,
    fileName,
    total: parsed.items.length,
    alreadyImported: parsed.items.length - fresh.length,
    toCreate: kept.length,
    overQuota,
    completed: parsed.items.filter((item) => item.completed).length,
    withDueDate: parsed.items.filter((item) => item.dueDate !== null).length,
    repeating: parsed.items.filter((item) => item.repeat !== null).length,
    mappings: parsed.mappings.slice(0, MAPPINGS_SHOWN),
    newTags: newTags.slice(0, tagRoom),
    newLists: places.newLists,
    newSections: places.newSections,
    subtasks: kept.filter((item) => item.parentKey !== null).length,
    problems: limitProblems(problems),
    restores: parsed.archive ? await restorePreview(db, userId, parsed.archive, caller) : [],
    sample: parsed.items.slice(0, SAMPLE_SIZE).map((item) => ({
      row: item.row,
      title: item.title,
      priority: item.priority,
      dueDate: item.dueDate,
      completed: item.completed,
      tags: item.tags,
      // In the words the todo list will use ('2 weeks after completion').
      repeat: item.repeat ? repeatText(item.repeat) : null,
    })),
  };
}
