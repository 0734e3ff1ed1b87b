import { DEFAULT_TAG_COLOR } from '@daywise/shared';
import { tagSchema } from '@daywise/shared/schemas';
import type { Transaction } from 'kysely';

import type { Database } from '../db/schema';
import { insertTag, requireTagRoom, tagNameKey } from '../plans/tags';

/**
 * The ids of the user's tags named `names` (CATEGORIES), matched as the app matches tag names
 * (tagNameKey), creating those the user has not within QUOTAS.tags (403 past it), in the
 * write's transaction. `created` says whether the user's tags changed.
 */
export async function tagIdsByName(
  trx: Transaction<Database>,
  userId: string,
  names: readonly string[],
  now: Date,
): Promise<{ ids: string[]; created: boolean }> {
  if (names.length === 0) {
    return { ids: [], created: false };
  }
  const wanted = new Map<string, string>();
  for (const given of names) {
    // A name the app would refuse is refused here (400), as a tag created in Settings.
    const { name } = tagSchema.parse({ name: given });
    if (!wanted.has(tagNameKey(name))) {
      wanted.set(tagNameKey(name), name);
    }
  }
  const existing = await trx
    .selectFrom('user_tags')
    .select(['id', 'name_key'])
    .where('user_id', '=', userId)
    .where('name_key', 'in', [...wanted.keys()])
    .execute();
  const ids = new Map(existing.map((row) => [row.name_key, row.id]));
  let created = false;
  for (const [key, name] of wanted) {
    if (ids.has(key)) {
      continue;
    }
    await requireTagRoom(trx, userId);
    const id = await insertTag(trx, userId, {
      name,
      color: DEFAULT_TAG_COLOR,
      createdAt: now.toISOString(),
    });
    ids.set(key, id);
    created = true;
  }
  return { ids: [...wanted.keys()].map((key) => ids.get(key) ?? ''), created };
}
