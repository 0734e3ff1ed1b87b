import { performance } from 'node:perf_hooks';

import { DEFAULT_TAG_COLOR, QUOTAS } from '@daywise/shared';
import { type ImportProblem, LIST_LIMITS, SECTION_LIMITS } from '@daywise/shared/schemas';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { newId } from '../lib/ids';
import { lockQuota } from '../lib/quota';
import { type Pacer, slicer } from '../lib/slices';
import { tagNameKey } from '../plans/tags';
import { itemsHere } from './import-room';
import type { FilePlaces, ImportItem } from './parsed-import';
import { cut } from './read';
import { plural, type RestoreStep, type Restoring } from './restore';
import type { RestoredSection } from './restore-sections';

/*
 * The lists and sections a Todoist or TickTick file names (issue 32, ADR 0021): a Todoist project
 * or a TickTick list is a list, a Todoist section a section of it. Each is matched by name, case
 * and width aside, to one the user has, and created otherwise within its quota (QUOTAS.lists,
 * QUOTAS.sectionsPerList); past a quota its todos go to the Inbox, or into no section, and a
 * problem line says so. Only a list or section that a todo to import goes into is created, so
 * importing a file again creates nothing.
 */

/** How a list or section name is matched: the same name in another case is the same place. */
const nameKey = (name: string) => tagNameKey(name);

/** A file's name for a list or section as Daywise keeps it: spaces folded, at most 100. */
function placeName(name: string, max: number): string {
  return cut(name.replace(/\s+/g, ' ').trim(), max).trim();
}

/** At most this many names are listed in a problem line. */
const NAMES_SHOWN = 20;

/** Collects the places a file names, for its reader; each is keyed by its name. */
export function placesReader(): {
  places: FilePlaces;
  /** The key of the list named so; null for none, or for the Inbox ('Inbox' in any case). */
  list: (name: string) => string | null;
  /** The key of the section named so in that list (null: the Inbox); null for none. */
  section: (listKey: string | null, name: string) => string | null;
  /** The name a section key stands for, as Daywise keeps it. */
  sectionName: (key: string) => string | undefined;
} {
  const places: FilePlaces = { lists: [], sections: [] };
  const lists = new Set<string>();
  const sections = new Map<string, string>();
  return {
    places,
    list: (raw) => {
      const name = placeName(raw, LIST_LIMITS.nameMax);
      if (!name || nameKey(name) === 'inbox') {
        return null;
      }
      const key = `list ${nameKey(name)}`;
      if (!lists.has(key)) {
        lists.add(key);
        places.lists.push({ key, name });
      }
      return key;
    },
    section: (listKey, raw) => {
      const name = placeName(raw, SECTION_LIMITS.nameMax);
      if (!name) {
        return null;
      }
      const key = JSON.stringify([listKey, nameKey(name)]);
      if (!sections.has(key)) {
        sections.set(key, name);
        places.sections.push({ key, listKey, name });
      }
      return key;
    },
    sectionName: (key) => sections.get(key),
  };
}

/** Where the file's places go: the user's own, those to create, and those their quota refuses. */
interface PlacesPlan {
  /** List keys of the file to the user's lists of that name. */
  listIds: Map<string, string>;
  /** Section keys of the file to the user's sections of that name in that list. */
  sectionIds: Map<string, RestoredSection>;
  /** Lists to create, in the file's order, as many as the quota has room for. */
  newLists: { key: string; name: string }[];
  /** Sections to create, in the file's order: each of a list the user has, or of a new one. */
  newSections: { key: string; listKey: string | null; name: string }[];
  /** Names refused by the quotas: their todos go to the Inbox, or into no section. */
  listsRefused: string[];
  sectionsRefused: string[];
}

/** The file's places that the todos to import go into (a re-import's go nowhere new). */
function usedPlaces(places: FilePlaces, items: readonly ImportItem[]): FilePlaces {
  const lists = new Set<string | null>();
  const sections = new Set<string | null>();
  for (const item of items) {
    lists.add(item.listId);
    sections.add(item.sectionId);
  }
  return {
    lists: places.lists.filter((list) => lists.has(list.key)),
    sections: places.sections.filter((section) => sections.has(section.key)),
  };
}

/**
 * Plans the places without writing: which the user has (by name, an unarchived list before an
 * archived one of the same name), and which to create within the quotas. Read-only and sliced, so
 * that a file naming thousands of lists holds no transaction and no turn of the event loop.
 */
async function planPlaces(
  db: Kysely<Database>,
  userId: string,
  places: FilePlaces,
): Promise<PlacesPlan> {
  const pause = slicer();
  const plan: PlacesPlan = {
    listIds: new Map(),
    sectionIds: new Map(),
    newLists: [],
    newSections: [],
    listsRefused: [],
    sectionsRefused: [],
  };
  const lists = await db
    .selectFrom('lists')
    .select(['id', 'name', 'archived'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();
  const byName = new Map<string, { id: string; archived: boolean }>();
  for (const list of lists) {
    const key = `list ${nameKey(list.name)}`;
    const found = byName.get(key);
    if (!found || (found.archived && !list.archived)) {
      byName.set(key, { id: list.id, archived: Boolean(list.archived) });
    }
  }
  let room = Math.max(0, QUOTAS.lists - lists.length);
  for (const list of places.lists) {
    await pause();
    const found = byName.get(list.key);
    if (found) {
      plan.listIds.set(list.key, found.id);
    } else if (room > 0) {
      plan.newLists.push(list);
      room -= 1;
    } else {
      plan.listsRefused.push(list.name);
    }
  }
  const creating = new Set(plan.newLists.map((list) => list.key));
  const listIdOf = (listKey: string | null) =>
    listKey === null ? null : plan.listIds.get(listKey);
  const haveIds = [...new Set([...plan.listIds.values()])];
  const inbox = places.sections.some((section) => section.listKey === null);
  const sections =
    haveIds.length > 0 || inbox
      ? await db
          .selectFrom('sections')
          .select(['id', 'list_id', 'name'])
          .where('user_id', '=', userId)
          .where((eb) =>
            eb.or([
              ...(haveIds.length > 0 ? [eb('list_id', 'in', haveIds)] : []),
              ...(inbox ? [eb('list_id', 'is', null)] : []),
            ]),
          )
          .execute()
      : [];
  const sectionByName = new Map<string, RestoredSection>();
  const perList = new Map<string, number>();
  for (const section of sections) {
    sectionByName.set(JSON.stringify([section.list_id, nameKey(section.name)]), {
      id: section.id,
      listId: section.list_id,
    });
    const list = section.list_id ?? '';
    perList.set(list, (perList.get(list) ?? 0) + 1);
  }
  for (const section of places.sections) {
    await pause();
    const listId = listIdOf(section.listKey);
    if (listId === undefined) {
      if (section.listKey !== null && creating.has(section.listKey)) {
        // A new list's sections are all new.
        const count = perList.get(section.listKey) ?? 0;
        if (count < QUOTAS.sectionsPerList) {
          plan.newSections.push(section);
          perList.set(section.listKey, count + 1);
        } else {
          plan.sectionsRefused.push(section.name);
        }
      }
      // A section of a list refused by its quota is not either: its todos go to the Inbox.
      continue;
    }
    const found = sectionByName.get(JSON.stringify([listId, nameKey(section.name)]));
    const count = perList.get(listId ?? '') ?? 0;
    if (found) {
      plan.sectionIds.set(section.key, found);
    } else if (count < QUOTAS.sectionsPerList) {
      plan.newSections.push(section);
      perList.set(listId ?? '', count + 1);
    } else {
      plan.sectionsRefused.push(section.name);
    }
  }
  return plan;
}

/** The problem lines of names a quota refused. */
function refusedProblems(plan: Pick<PlacesPlan, 'listsRefused' | 'sectionsRefused'>) {
  const named = (names: string[]) => {
    const more = names.length - NAMES_SHOWN;
    return (
      names.slice(0, NAMES_SHOWN).join(', ') +
      (more > 0 ? ` and ${more.toLocaleString('en-US')} more` : '')
    );
  };
  const problems: ImportProblem[] = [];
  if (plan.listsRefused.length > 0) {
    problems.push({
      row: 0,
      message: `Lists not created (you can have at most ${QUOTAS.lists} lists), their todos go to the Inbox: ${named(plan.listsRefused)}`,
    });
  }
  if (plan.sectionsRefused.length > 0) {
    problems.push({
      row: 0,
      message: `Sections not created (a list can have at most ${QUOTAS.sectionsPerList} sections), their todos go in no section: ${named(plan.sectionsRefused)}`,
    });
  }
  return problems;
}

/** What the preview says of the file's places: what would be created, and what not. */
export async function previewPlaces(
  db: Kysely<Database>,
  userId: string,
  places: FilePlaces | undefined,
  items: readonly ImportItem[],
): Promise<{ newLists: string[]; newSections: number; problems: ImportProblem[] }> {
  if (!places) {
    return { newLists: [], newSections: 0, problems: [] };
  }
  const plan = await planPlaces(db, userId, usedPlaces(places, items));
  return {
    newLists: plan.newLists.map((list) => list.name),
    newSections: plan.newSections.length,
    problems: refusedProblems(plan),
  };
}

/**
 * Finds or creates the file's places that its new todos go into, before the todos are written:
 * planned without a transaction, then created under the quota locks and counted again there, so a
 * list or section made meanwhile still counts. The lists in one transaction (at most
 * QUOTAS.lists, a bounded write, as an archive's lists are); the sections in batches paced as the
 * todos' are (`pace`, ADR 0022), yielding between them: a TickTick backup's lists may each bring
 * up to QUOTAS.sectionsPerList kanban columns. Answers the file's keys mapped to the places, for
 * the batches (write-batch.ts, placeItem).
 */
export async function settlePlaces(
  restoring: Restoring,
  places: FilePlaces,
  items: readonly ImportItem[],
  pace: Pacer,
): Promise<
  RestoreStep & {
    listIds: Map<string, string>;
    sectionIds: Map<string, RestoredSection>;
  }
> {
  const { db, userId, now, heartbeat } = restoring;
  const done = await itemsHere(db, userId, items);
  const fresh = items.filter((item) => !done.has(item.sourceKey));
  const plan = await planPlaces(db, userId, usedPlaces(places, fresh));
  const { listIds, sectionIds } = plan;
  let listsCreated = 0;
  let sectionsCreated = 0;
  if (plan.newLists.length > 0) {
    await db.transaction().execute(async (trx) => {
      await lockQuota(trx, 'lists', [userId]);
      await heartbeat(trx);
      const { count } = await trx
        .selectFrom('lists')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      let lists = Number(count);
      for (const list of plan.newLists) {
        if (lists >= QUOTAS.lists) {
          plan.listsRefused.push(list.name);
          continue;
        }
        const id = newId();
        await trx
          .insertInto('lists')
          .values({
            id,
            user_id: userId,
            name: list.name,
            // A list's colour unless chosen (listCreateSchema).
            color: DEFAULT_TAG_COLOR,
            position: lists,
            archived: false,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          })
          .execute();
        listIds.set(list.key, id);
        lists += 1;
        listsCreated += 1;
      }
    });
  }
  // A section of a list its quota refused is not made either: its todos go to the Inbox.
  const newSections = plan.newSections.filter(
    (section) => section.listKey === null || listIds.has(section.listKey),
  );
  const pause = slicer();
  for (let first = 0; first < newSections.length;) {
    await pause();
    const batch = newSections.slice(first, first + Math.max(1, pace.size()));
    first += batch.length;
    const began = performance.now();
    sectionsCreated += await db.transaction().execute(async (trx) => {
      await lockQuota(trx, 'sections', [userId]);
      await heartbeat(trx);
      return createSections(trx, userId, now, batch, listIds, plan, sectionIds);
    });
    pace.took(batch.length, performance.now() - began);
  }
  return {
    listIds,
    sectionIds,
    problems: refusedProblems(plan),
    restored: [
      ...(listsCreated > 0 ? [`${plural(listsCreated, 'list')} created`] : []),
      ...(sectionsCreated > 0 ? [`${plural(sectionsCreated, 'section')} created`] : []),
    ],
    followUps: [
      ...(listsCreated > 0 ? [{ type: 'lists.changed' as const, userId }] : []),
      ...(sectionsCreated > 0 ? [{ type: 'sections.changed' as const, userId }] : []),
    ],
  };
}

/**
 * One batch of new sections, within the caller's transaction under the sections' quota lock:
 * each last in its list, its list's sections counted afresh (another request may have made one
 * since the last batch). Past the quota a section is refused and its name said. Answers how many
 * were made.
 */
async function createSections(
  trx: Kysely<Database>,
  userId: string,
  now: Date,
  batch: readonly PlacesPlan['newSections'][number][],
  listIds: ReadonlyMap<string, string>,
  plan: Pick<PlacesPlan, 'sectionsRefused'>,
  sectionIds: Map<string, RestoredSection>,
): Promise<number> {
  const perList = new Map<string | null, number>();
  let created = 0;
  for (const section of batch) {
    const listId = section.listKey === null ? null : listIds.get(section.listKey);
    if (listId === undefined) {
      continue;
    }
    if (!perList.has(listId)) {
      const { count } = await trx
        .selectFrom('sections')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('list_id', listId === null ? 'is' : '=', listId)
        .executeTakeFirstOrThrow();
      perList.set(listId, Number(count));
    }
    const position = perList.get(listId) ?? 0;
    if (position >= QUOTAS.sectionsPerList) {
      plan.sectionsRefused.push(section.name);
      continue;
    }
    const id = newId();
    await trx
      .insertInto('sections')
      .values({
        id,
        user_id: userId,
        list_id: listId,
        name: section.name,
        position,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    sectionIds.set(section.key, { id, listId });
    perList.set(listId, position + 1);
    created += 1;
  }
  return created;
}
