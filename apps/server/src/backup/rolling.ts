import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';

import type { DatabaseHandle } from '../db/database';
import { pruneRolling, rollingName } from './files';
import { backupPostgres } from './postgres';
import { backupSqliteConnection } from './sqlite';

/** The `app_settings` row naming the latest time slot whose backup an instance took on. */
const SLOT_KEY = 'backup.slot';

export interface RollingOptions {
  database: DatabaseHandle;
  dir: string;
  everyMs: number;
  keep: number;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** The start of the slot `instant` falls in: slots are whole multiples of `everyMs` since 1970. */
export const slotOf = (instant: Date, everyMs: number) =>
  new Date(Math.floor(instant.getTime() / everyMs) * everyMs);

/**
 * Claims the slot starting at `slot` for this instance: answers true for exactly one of the
 * instances sharing a database, the first to ask (a conditional upsert, atomic on both engines:
 * the row moves forward only to a later slot), and false for every other and for a slot taken.
 */
async function claim(database: DatabaseHandle, slot: Date): Promise<boolean> {
  const value = slot.toISOString();
  const claimed = await database.db
    .insertInto('app_settings')
    .values({ key: SLOT_KEY, value })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet((eb) => ({ value: eb.ref('excluded.value') }))
        .where((eb) => eb('app_settings.value', '<', eb.ref('excluded.value'))),
    )
    .returning('key')
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * Takes the backup of the slot starting at `slot` if no instance has yet (ADR 0036): writes
 * `daywise-<stamp>.<sqlite|dump>` into the directory and keeps the newest `keep` there. Answers
 * the file written, or undefined when another instance had the slot.
 */
export async function takeRollingBackup(
  options: RollingOptions,
  slot: Date,
): Promise<string | undefined> {
  const { database, dir, keep } = options;
  if (!(await claim(database, slot))) {
    return undefined;
  }
  const target = path.join(dir, rollingName(slot, database.engine));
  if (database.sqlite) {
    await backupSqliteConnection(database.sqlite, target);
  } else if (database.postgres) {
    await backupPostgres(database.postgres, target);
  }
  pruneRolling(dir, keep);
  return target;
}

/**
 * Keeps rolling backups while the server runs: one as it starts, if the current slot has none,
 * then one as each slot begins. A failed backup is logged and the next slot tries again; the
 * server goes on. Answers what stops it, once a backup under way has finished.
 */
export function startRollingBackups(options: RollingOptions): { stop: () => Promise<void> } {
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const tick = () => {
    const slot = slotOf(now(), options.everyMs);
    running = takeRollingBackup(options, slot).then(
      (file) => {
        if (file) {
          options.log.info({ file }, 'backup written');
        }
      },
      (error: unknown) => options.log.error({ err: error }, 'backup failed'),
    );
    void running.then(() => {
      if (!stopped) {
        const next = slot.getTime() + options.everyMs - now().getTime();
        timer = setTimeout(tick, Math.max(next, 1000));
        timer.unref();
      }
    });
  };
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
