import type { RealtimeEvent, RealtimeEventType } from '@daywise/shared';

import type { UserEvents } from '../lib/user-cache';

/*
 * A user's saved filters' counts kept exact as their todos change (ADR 0028, 2026-11-28 and
 * 2026-11-29): they are read once (`everything`; filters/counts.ts reads which todo matches what
 * at the first write), and after a write only the todos it wrote are tested again (`changed`),
 * from the ids its `todos.changed` carries. Every instance hears that event on the realtime bus
 * (through Redis with two instances), so each keeps its own counts right whichever instance
 * wrote. Besides:
 *
 * - the filters, lists, sections or tags change (`PLANNED_AGAIN_BY`), or the day: the statements
 *   are made again (`plan`), and what still holds is carried over (`carry`: a filter that means
 *   what it meant keeps its count and matches, the others are counted);
 * - after `ttlMs`, which bounds what a lost message could leave behind, as for
 *   lib/user-cache.ts, and after a resync (messages may have been lost): planned again, and
 *   counted afresh (`recount`), the matches kept where the counts agree;
 * - a change to todos without their ids (a list deleted with its todos, an import, more todos
 *   than an event carries): every todo is matched again.
 */

/** The events after which the statements may differ: names or filters changed. */
const PLANNED_AGAIN_BY = new Set<RealtimeEventType>([
  'lists.changed',
  'sections.changed',
  'plans.changed',
  'filters.changed',
]);

/** Past this many todos waiting to be tested again, everything is matched again instead. */
const CHANGED_MAX = 500;

/**
 * How one user's counts are worked out: `Plan` is the statements, `Kept` the matches, and the
 * answer is made of both before the next read may change them.
 */
export interface CountsWork<Plan, Kept, Answer> {
  plan: () => Promise<Plan>;
  everything: (plan: Plan) => Promise<Kept>;
  /** What is kept of `before`'s matches for `plan`, made again since. */
  carry: (before: Plan, kept: Kept, plan: Plan) => Promise<Kept>;
  /** Counted afresh, keeping what agrees. */
  recount: (plan: Plan, kept: Kept) => Promise<Kept>;
  /** Tests these todos again, changing `kept` in place. */
  changed: (plan: Plan, kept: Kept, todoIds: readonly string[]) => Promise<void>;
  answer: (plan: Plan, kept: Kept) => Answer;
}

interface Counted<Plan, Kept> {
  day: string;
  at: number;
  plan: Plan;
  kept: Kept;
}

interface UserCounts<Plan, Kept> {
  counted?: Counted<Plan, Kept>;
  /** Todos written since `counted` was read (or tested again), to test before answering. */
  changed: Set<string>;
  /** A change to todos without their ids: match everything again. */
  everything: boolean;
  /** Names or filters changed since `counted` was planned: plan again. */
  planAgain: boolean;
  /** Messages may have been lost: count again. */
  recount: boolean;
  /** Reads of this user run one after another. */
  queue: Promise<unknown>;
  unsubscribe: () => void;
}

export class KeptCounts<Plan, Kept> {
  readonly #users = new Map<string, UserCounts<Plan, Kept>>();
  readonly #bus: UserEvents;
  readonly #ttlMs: number;
  readonly #max: number;
  readonly #clock: () => number;

  constructor(options: { bus: UserEvents; ttlMs?: number; max?: number; clock?: () => number }) {
    this.#bus = options.bus;
    this.#ttlMs = options.ttlMs ?? 60_000;
    this.#max = options.max ?? 200;
    this.#clock = options.clock ?? (() => performance.now());
  }

  /** The answer of the user's matches on `day`, brought up to date with the todos written since. */
  read<Answer>(userId: string, day: string, work: CountsWork<Plan, Kept, Answer>): Promise<Answer> {
    const user = this.#user(userId);
    const next = user.queue.then(async () => {
      const { plan, kept } = await this.#bringUpToDate(user, day, work);
      return work.answer(plan, kept);
    });
    user.queue = next.catch(() => undefined);
    return next;
  }

  async #bringUpToDate(
    user: UserCounts<Plan, Kept>,
    day: string,
    work: CountsWork<Plan, Kept, unknown>,
  ): Promise<Counted<Plan, Kept>> {
    try {
      let counted = user.counted;
      if (!counted || user.everything) {
        // Every todo is read, and what was waiting with it.
        user.changed.clear();
        user.everything = false;
        user.planAgain = false;
        user.recount = false;
        const plan = await work.plan();
        counted = { day, at: this.#clock(), plan, kept: await work.everything(plan) };
        user.counted = counted;
        return counted;
      }
      const expired = user.recount || this.#clock() - counted.at >= this.#ttlMs;
      if (expired || user.planAgain || counted.day !== day) {
        // Events heard from here on are for the next read.
        user.planAgain = false;
        user.recount = false;
        const plan = await work.plan();
        counted = {
          ...counted,
          day,
          plan,
          kept: await work.carry(counted.plan, counted.kept, plan),
        };
        user.counted = counted;
      }
      if (user.changed.size > 0) {
        const todoIds = [...user.changed];
        user.changed.clear();
        await work.changed(counted.plan, counted.kept, todoIds);
      }
      if (expired) {
        counted.kept = await work.recount(counted.plan, counted.kept);
        counted.at = this.#clock();
      }
      return counted;
    } catch (error) {
      // Half brought up to date, or not at all: worked out afresh on the next read.
      user.counted = undefined;
      throw error;
    }
  }

  #user(userId: string): UserCounts<Plan, Kept> {
    const known = this.#users.get(userId);
    if (known) {
      // The most recently read last, the first to go past `max`.
      this.#users.delete(userId);
      this.#users.set(userId, known);
      return known;
    }
    if (this.#users.size >= this.#max) {
      const [oldest] = this.#users.entries();
      if (oldest) {
        oldest[1].unsubscribe();
        this.#users.delete(oldest[0]);
      }
    }
    const user: UserCounts<Plan, Kept> = {
      changed: new Set(),
      everything: false,
      planAgain: false,
      recount: false,
      queue: Promise.resolve(),
      unsubscribe: () => undefined,
    };
    // Listened to before anything is read, so that no write after the read is missed.
    user.unsubscribe = this.#bus.subscribe(userId, (event) => this.#heard(user, event));
    this.#users.set(userId, user);
    return user;
  }

  #heard(user: UserCounts<Plan, Kept>, event: RealtimeEvent): void {
    if (event.type === 'resync') {
      user.planAgain = true;
      user.recount = true;
    } else if (PLANNED_AGAIN_BY.has(event.type)) {
      user.planAgain = true;
    } else if (event.type === 'todos.changed') {
      const todoIds = event.todoIds;
      if (todoIds === undefined || user.changed.size + todoIds.length > CHANGED_MAX) {
        user.everything = true;
        user.changed.clear();
      } else if (!user.everything) {
        todoIds.forEach((id) => user.changed.add(id));
      }
    }
  }
}
