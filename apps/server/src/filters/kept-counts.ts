import type { RealtimeEvent, RealtimeEventType } from '@daywise/shared';

import type { UserEvents } from '../lib/user-cache';

/*
 * A user's saved filters' counts kept exact as their todos change (ADR 0028, 2026-11-28): they
 * are read once (`everything`; filters/counts.ts reads which todo matches what at the first
 * write), and after a write only the todos it wrote are tested again (`changed`), from the ids
 * its `todos.changed` carries. Every instance hears
 * that event on the realtime bus (through Redis with two instances), so each keeps its own counts
 * right whichever instance wrote. Read afresh when:
 *
 * - the filters, lists, sections or tags change (`RESTARTED_BY`): the statements themselves
 *   differ; so does the day (the key), and after `ttlMs`, which bounds what a lost message could
 *   leave behind, as for lib/user-cache.ts; a resync (messages may have been lost) starts again;
 * - a change to todos without their ids (a list deleted with its todos, an import, more todos
 *   than an event carries): every todo is counted again with the same statements.
 */

/** The events after which the statements themselves differ: names or filters changed. */
const RESTARTED_BY = new Set<RealtimeEventType>([
  'lists.changed',
  'sections.changed',
  'plans.changed',
  'filters.changed',
  'resync',
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
  /** Counts restarts, so that what was worked out across one is not kept. */
  generation: number;
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
    const generation = user.generation;
    const counted = user.counted;
    try {
      if (!counted || counted.day !== day || this.#clock() - counted.at >= this.#ttlMs) {
        user.counted = undefined;
        this.#startOver(user);
        const plan = await work.plan();
        const fresh = { day, at: this.#clock(), plan, kept: await work.everything(plan) };
        if (generation === user.generation) {
          user.counted = fresh;
        }
        return fresh;
      }
      if (user.everything) {
        this.#startOver(user);
        counted.kept = await work.everything(counted.plan);
      } else if (user.changed.size > 0) {
        const todoIds = [...user.changed];
        user.changed.clear();
        await work.changed(counted.plan, counted.kept, todoIds);
      }
      return counted;
    } catch (error) {
      // Half brought up to date, or not at all: worked out afresh on the next read.
      user.counted = undefined;
      throw error;
    }
  }

  /** What is read next is read afresh: no todo is waiting to be tested again. */
  #startOver(user: UserCounts<Plan, Kept>): void {
    user.changed.clear();
    user.everything = false;
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
      generation: 0,
      queue: Promise.resolve(),
      unsubscribe: () => undefined,
    };
    // Listened to before anything is read, so that no write after the read is missed.
    user.unsubscribe = this.#bus.subscribe(userId, (event) => this.#heard(user, event));
    this.#users.set(userId, user);
    return user;
  }

  #heard(user: UserCounts<Plan, Kept>, event: RealtimeEvent): void {
    if (RESTARTED_BY.has(event.type)) {
      user.generation += 1;
      user.counted = undefined;
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
