import type { RealtimeEventType } from '@daywise/shared';
import type { FilterNode } from '@daywise/shared/filters';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { UserCache, type UserEvents } from '../lib/user-cache';
import { type FilterContext, filterContext } from './compile';

/** The events after which a name may stand for other lists, sections or tags. */
const RENAMED_BY = new Set<RealtimeEventType>([
  'lists.changed',
  'sections.changed',
  'plans.changed',
]);

/** The most queries kept per user: past it, the user's are looked up afresh. */
const QUERIES_MAX = 50;

/**
 * What the names of a filter page's query stand for (`filterContext`), kept per user and day
 * until their lists, sections or tags change on any instance, as `UserCache` keeps answers
 * (ADR 0028, 2026-11-28): the look-up was a third of what a filter page costs beyond the todo
 * page (docs/performance.md, step 25).
 */
export class KeptFilterNames {
  readonly #users: UserCache<Map<string, Promise<FilterContext>>>;

  constructor(bus: UserEvents) {
    this.#users = new UserCache({ bus, changes: (event) => RENAMED_BY.has(event.type) });
  }

  /** The context of `filter` (read from `query`) for the user on `today`. */
  async contextOf(
    db: Kysely<Database>,
    userId: string,
    query: string,
    filter: FilterNode,
    today: string,
  ): Promise<FilterContext> {
    const contexts = await this.#users.read(userId, today, () =>
      Promise.resolve(new Map<string, Promise<FilterContext>>()),
    );
    const kept = contexts.get(query);
    if (kept) {
      return kept;
    }
    if (contexts.size >= QUERIES_MAX) {
      contexts.clear();
    }
    const context = filterContext(db, userId, [filter], today);
    contexts.set(query, context);
    // A failed look-up is not kept.
    context.catch(() => contexts.delete(query));
    return context;
  }
}
