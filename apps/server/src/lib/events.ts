import type { Transaction } from 'kysely';

import type { Database } from '../db/schema';

/**
 * The domain events, by type: what happened, with what a subscriber needs to act on it. Each
 * feature declares its own events by merging into this interface (`declare module
 * '../lib/events'`), so a new feature adds events without editing this file.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DomainEvents {}

export type DomainEventType = keyof DomainEvents;
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: { type: K } & DomainEvents[K];
}[T];

type Handler<T extends DomainEventType> = (event: DomainEvent<T>) => void | Promise<void>;
/** Changes data inside the write's transaction; may name events to emit once it commits. */
type TransactionHandler<T extends DomainEventType> = (
  trx: Transaction<Database>,
  event: DomainEvent<T>,
) => Promise<DomainEvent[] | void>;

/** What a write answers, and the events to emit once it has committed. */
export interface Emitting<T> {
  result: T;
  events: DomainEvent[];
}

export interface EventBusOptions {
  /** Where a failing after-commit subscriber is reported; it never fails the write. */
  onError: (error: unknown, event: DomainEvent) => void;
}

/**
 * The one path side effects take (docs/ARCHITECTURE.md, "Events"). A write emits what it did
 * once its transaction has committed; subscribers (realtime fan-out today; reminders, exports and
 * webhooks later) act on it and cannot fail or slow the write's answer beyond their own work.
 *
 * A few events must change other features' data in the same transaction as the write (deleting
 * an account deletes every feature's data, or none of it): those are emitted with `within`, and
 * their `onWithin` subscribers run inside the transaction, before it commits, and may hand back
 * events of their own for the writer to emit after the commit.
 */
export class EventBus {
  private readonly handlers = new Map<DomainEventType, Handler<never>[]>();
  private readonly transactionHandlers = new Map<DomainEventType, TransactionHandler<never>[]>();

  constructor(private readonly options: EventBusOptions) {}

  /** Calls `handler` after each committed `type` event. */
  on<T extends DomainEventType>(type: T, handler: Handler<T>): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }

  /** Calls `handler` inside the transaction of each `type` event emitted with `within`. */
  onWithin<T extends DomainEventType>(type: T, handler: TransactionHandler<T>): void {
    this.transactionHandlers.set(type, [...(this.transactionHandlers.get(type) ?? []), handler]);
  }

  /**
   * Tells the subscribers that `event` happened. Call it after the write committed; a failing
   * subscriber is logged and the others still run.
   */
  async emit(event: DomainEvent): Promise<void> {
    for (const handler of this.handlers.get(event.type) ?? []) {
      try {
        await (handler as Handler<DomainEventType>)(event);
      } catch (error) {
        this.options.onError(error, event);
      }
    }
  }

  /**
   * Runs the `onWithin` subscribers of `event` inside `trx`: their changes commit or roll back
   * with the write, and a failure fails the transaction. Returns the events they ask to be
   * emitted after the commit.
   */
  async within(trx: Transaction<Database>, event: DomainEvent): Promise<DomainEvent[]> {
    const followUps: DomainEvent[] = [];
    for (const handler of this.transactionHandlers.get(event.type) ?? []) {
      followUps.push(
        ...((await (handler as TransactionHandler<DomainEventType>)(trx, event)) ?? []),
      );
    }
    return followUps;
  }

  /** Runs `write`, then emits the events it returns once it has succeeded. */
  async after<T>(write: Promise<T>, events: (result: T) => DomainEvent[]): Promise<T> {
    const result = await write;
    for (const event of events(result)) {
      await this.emit(event);
    }
    return result;
  }
}
