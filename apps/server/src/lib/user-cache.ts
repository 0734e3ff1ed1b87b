import type { RealtimeEvent } from '@daywise/shared';

/** The realtime events each user gets (realtime/bus.ts), as far as this cache listens to them. */
export interface UserEvents {
  subscribe: (userId: string, listener: (event: RealtimeEvent) => void) => () => void;
}

interface Entry<T> {
  key: string;
  value: Promise<T>;
  at: number;
}

/**
 * A per-user answer that is costly to work out and changes only when the user's data does
 * (ADR 0018). It is kept under a key (the user's today, say) until one of the realtime events
 * `changes` names reaches this user on the bus: every instance hears those, so a write on one
 * instance is seen on all. The user is listened to from the moment an answer starts being worked
 * out, so a change meanwhile is not missed. A resync (events may have been lost) forgets it too,
 * and `ttlMs` bounds what a lost message could leave behind.
 */
export class UserCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  /** The users listened to, with their unsubscribe and how many answers are being worked out. */
  readonly #watching = new Map<string, { unsubscribe: () => void; loading: number }>();
  readonly #bus: UserEvents;
  readonly #changes: (event: RealtimeEvent) => boolean;
  readonly #ttlMs: number;
  readonly #max: number;
  readonly #clock: () => number;
  /** Counts changes, so an answer worked out while the data changed is not kept. */
  #epoch = 0;

  constructor(options: {
    bus: UserEvents;
    changes: (event: RealtimeEvent) => boolean;
    ttlMs?: number;
    max?: number;
    clock?: () => number;
  }) {
    this.#bus = options.bus;
    this.#changes = options.changes;
    this.#ttlMs = options.ttlMs ?? 60_000;
    this.#max = options.max ?? 1000;
    this.#clock = options.clock ?? (() => performance.now());
  }

  /** The kept answer for `key`, or `load`'s, kept if nothing changed while it ran. */
  read(userId: string, key: string, load: () => Promise<T>): Promise<T> {
    const entry = this.#entries.get(userId);
    if (entry && entry.key === key && this.#clock() - entry.at < this.#ttlMs) {
      return entry.value;
    }
    const watch = this.#watch(userId);
    watch.loading += 1;
    const epoch = this.#epoch;
    const value = load();
    const settle = (kept: boolean) => {
      watch.loading -= 1;
      if (kept && epoch === this.#epoch) {
        this.#keep(userId, key, value);
      } else {
        this.#unwatchIfIdle(userId);
      }
    };
    value.then(
      () => settle(true),
      () => settle(false),
    );
    return value;
  }

  #watch(userId: string) {
    let watch = this.#watching.get(userId);
    if (!watch) {
      const unsubscribe = this.#bus.subscribe(userId, (event) => {
        if (event.type === 'resync' || this.#changes(event)) {
          this.#epoch += 1;
          this.#entries.delete(userId);
          this.#unwatchIfIdle(userId);
        }
      });
      watch = { unsubscribe, loading: 0 };
      this.#watching.set(userId, watch);
    }
    return watch;
  }

  #unwatchIfIdle(userId: string): void {
    const watch = this.#watching.get(userId);
    if (watch && watch.loading === 0 && !this.#entries.has(userId)) {
      watch.unsubscribe();
      this.#watching.delete(userId);
    }
  }

  #keep(userId: string, key: string, value: Promise<T>): void {
    this.#entries.delete(userId);
    if (this.#entries.size >= this.#max) {
      const [oldest] = this.#entries.keys();
      if (oldest !== undefined) {
        this.#entries.delete(oldest);
        this.#unwatchIfIdle(oldest);
      }
    }
    this.#entries.set(userId, { key, value, at: this.#clock() });
  }
}
