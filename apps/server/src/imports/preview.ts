import { QUOTAS, repeatText } from '@daywise/shared';
import type { ImportPreview } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import {
  importedKeys,
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
import { plannedDays } from './restore-plans';

/** The first items the preview shows. */
const SAMPLE_SIZE = 20;
/** At most this many mappings are shown (a file can name a label or a list on every row). */
const MAPPINGS_SHOWN = 500;

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

/** What importing the file would do, read without writing anything. */
export async function previewImport(
  db: Kysely<Database>,
  userId: string,
  parsed: ParsedImport,
  fileName: string,
  caller: ImportCaller,
): Promise<ImportPreview> {
  const [done, count, tags] = await Promise.all([
    importedKeys(
      db,
      userId,
      parsed.items.map((item) => item.sourceKey),
    ),
    todoCount(db, userId),
    tagsByKey(db, userId),
  ]);
  const fresh = parsed.items.filter((item) => !done.has(item.sourceKey));
  const room = Math.max(0, QUOTAS.todos - count);
  const overQuota = Math.max(0, fresh.length - room);
  const kept = fresh.slice(0, room);
  const newTags = await missingTags(kept, tags, parsed);
  const tagRoom = Math.max(0, QUOTAS.tags - tags.size);
  const problems = [...parsed.problems];
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
