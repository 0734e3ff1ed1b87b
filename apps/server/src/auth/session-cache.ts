import type { RealtimeBus } from '../realtime/bus';

/**
 * How long a checked session is trusted without asking the database again (ADR 0018). Ending a
 * session (sign-out, a revoked session, a password reset, a deleted account) forgets it at once
 * on every instance through the realtime bus; this bound covers a message lost while Redis was
 * away, so a revocation holds everywhere within these seconds whatever happens.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Sessions kept at most; the oldest go first. */
const MAX_SESSIONS = 10_000;

interface UserRecord {
  /** The signed cookie values of the user's cached sessions. */
  keys: Set<string>;
  unsubscribe: () => void;
  /** The user's time zone, read on first use (the settings change it: `forgetTimezone`). */
  timezone?: { value: Promise<string>; at: number };
}

interface Entry<S> {
  userId: string;
  session: S;
  at: number;
}

/**
 * Signed-in requests in a burst (a page load makes several) check their session once: the
 * answer Better Auth gave for a signed cookie value is kept for a few seconds under that exact
 * value, which only the holder of the signing key could have made. The user's time zone is kept
 * beside it, so "today" costs no query either.
 */
export class SessionCache<S extends { user: { id: string } }> {
  readonly #entries = new Map<string, Entry<S>>();
  readonly #users = new Map<string, UserRecord>();
  readonly #checking = new Map<string, Promise<S | null>>();
  readonly #bus: RealtimeBus;
  readonly #cookiePrefix: string;
  readonly #clock: () => number;
  /** Counts forgets, so an answer read while its session was being ended is not kept. */
  #epoch = 0;

  constructor(bus: RealtimeBus, cookieName: string, clock: () => number = () => performance.now()) {
    this.#bus = bus;
    this.#cookiePrefix = `${cookieName}=`;
    this.#clock = clock;
  }

  /** The session cookie's value in a Cookie header: the key sessions are kept under. */
  keyOf(cookieHeader: string | undefined): string | undefined {
    for (const pair of cookieHeader?.split(';') ?? []) {
      const trimmed = pair.trim();
      if (trimmed.startsWith(this.#cookiePrefix)) {
        return trimmed.slice(this.#cookiePrefix.length) || undefined;
      }
    }
    return undefined;
  }

  /** The session checked for this cookie value in the last few seconds, if any. */
  get(key: string): S | undefined {
    const entry = this.#entries.get(key);
    if (!entry) {
      return undefined;
    }
    if (this.#clock() - entry.at >= SESSION_CACHE_TTL_MS) {
      this.#drop(key, entry.userId);
      return undefined;
    }
    return entry.session;
  }

  /**
   * Runs `check` for a cookie value unless a check of the same value is already under way, in
   * which case its answer is shared: when a kept session runs out under load, the requests in
   * flight ask the database once, not once each.
   */
  checkOnce(key: string, check: () => Promise<S | null>): Promise<S | null> {
    let checking = this.#checking.get(key);
    if (!checking) {
      checking = check().finally(() => this.#checking.delete(key));
      this.#checking.set(key, checking);
    }
    return checking;
  }

  /** Taken before asking the database; `set` keeps the answer only if nothing was forgotten since. */
  get epoch(): number {
    return this.#epoch;
  }

  set(key: string, session: S, epoch: number): void {
    if (epoch !== this.#epoch) {
      return;
    }
    const userId = session.user.id;
    this.#entries.delete(key);
    if (this.#entries.size >= MAX_SESSIONS) {
      const [oldestKey, oldest] = this.#entries.entries().next().value ?? [];
      if (oldestKey !== undefined && oldest) {
        this.#drop(oldestKey, oldest.userId);
      }
    }
    this.#entries.set(key, { userId, session, at: this.#clock() });
    this.#user(userId).keys.add(key);
  }

  /** The user's time zone, loaded by `load` at most once every few seconds. */
  timezone(userId: string, load: () => Promise<string>): Promise<string> {
    const user = this.#users.get(userId);
    if (!user) {
      return load();
    }
    if (!user.timezone || this.#clock() - user.timezone.at >= SESSION_CACHE_TTL_MS) {
      const value = load();
      user.timezone = { value, at: this.#clock() };
      // A failed read is not kept: the next request asks again.
      value.catch(() => {
        if (user.timezone?.value === value) {
          delete user.timezone;
        }
      });
    }
    return user.timezone.value;
  }

  /** Forgets the user's time zone (their settings changed on this instance). */
  forgetTimezone(userId: string): void {
    const user = this.#users.get(userId);
    if (user) {
      delete user.timezone;
    }
  }

  /** Forgets every session of the user, and their time zone. */
  forgetUser(userId: string): void {
    this.#epoch += 1;
    const user = this.#users.get(userId);
    for (const key of user?.keys ?? []) {
      this.#entries.delete(key);
    }
    user?.unsubscribe();
    this.#users.delete(userId);
  }

  #user(userId: string): UserRecord {
    let user = this.#users.get(userId);
    if (!user) {
      // Any session of theirs ending, on any instance, forgets all of theirs here: the next
      // request asks the database, which knows which ones are left.
      const unsubscribe = this.#bus.onSessionsEnded(userId, () => this.forgetUser(userId));
      user = { keys: new Set(), unsubscribe };
      this.#users.set(userId, user);
    }
    return user;
  }

  #drop(key: string, userId: string): void {
    this.#entries.delete(key);
    const user = this.#users.get(userId);
    user?.keys.delete(key);
    if (user && user.keys.size === 0) {
      user.unsubscribe();
      this.#users.delete(userId);
    }
  }
}
