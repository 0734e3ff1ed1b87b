import type { Kysely } from 'kysely';
import type { Logger } from 'pino';

import type { Database } from '../db/schema';
import { jobKey, type QueueJob, type ReminderQueue } from './queue';

/** Even with no job due sooner, the table is read this often (a job written by another process). */
const SAFETY_POLL_MS = 30_000;
/** A job whose run failed is tried again after this. */
const RETRY_DELAY_MS = 60_000;
/** Due jobs taken per read. */
const BATCH = 50;

/**
 * Reminder jobs on SQLite: the `reminder_jobs` table, read by a timer set to the next job's
 * `run_at` (and every SAFETY_POLL_MS). A job is deleted once it has run, and only if it was not
 * replaced meanwhile; two processes on one file may both run a job, which the delivery log
 * (delivery.ts) turns into one delivery.
 */
export function sqliteQueue(db: Kysely<Database>, log: Logger): ReminderQueue {
  let run: ((job: QueueJob) => Promise<void>) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let polling: Promise<void> | undefined;
  let pollAgain = false;

  async function runDue(): Promise<void> {
    const due = await db
      .selectFrom('reminder_jobs')
      .selectAll()
      .where('run_at', '<=', new Date().toISOString())
      .orderBy('run_at')
      .limit(BATCH)
      .execute();
    for (const row of due) {
      if (!run) {
        return;
      }
      try {
        await run(JSON.parse(row.payload) as QueueJob);
        await db
          .deleteFrom('reminder_jobs')
          .where('key', '=', row.key)
          .where('run_at', '=', row.run_at)
          .where('payload', '=', row.payload)
          .execute();
      } catch (error) {
        log.error({ err: error, job: row.key }, 'reminder job failed; retrying later');
        await db
          .updateTable('reminder_jobs')
          .set({ run_at: new Date(Date.now() + RETRY_DELAY_MS).toISOString() })
          .where('key', '=', row.key)
          .where('run_at', '=', row.run_at)
          .execute();
      }
    }
    if (due.length === BATCH) {
      pollAgain = true;
    }
  }

  async function armTimer(): Promise<void> {
    const next = await db
      .selectFrom('reminder_jobs')
      .select((eb) => eb.fn.min('run_at').as('run_at'))
      .executeTakeFirst();
    const wait = next?.run_at ? new Date(next.run_at).getTime() - Date.now() : SAFETY_POLL_MS;
    clearTimeout(timer);
    if (run) {
      timer = setTimeout(poll, Math.min(Math.max(wait, 0), SAFETY_POLL_MS));
    }
  }

  /** One read at a time; a poll asked for during one runs right after it. */
  function poll(): void {
    if (polling) {
      pollAgain = true;
      return;
    }
    polling = (async () => {
      do {
        pollAgain = false;
        try {
          await runDue();
          await armTimer();
        } catch (error) {
          log.error({ err: error }, 'reading reminder jobs failed');
          clearTimeout(timer);
          timer = run ? setTimeout(poll, RETRY_DELAY_MS) : undefined;
        }
      } while (pollAgain && run);
      polling = undefined;
    })();
  }

  return {
    async schedule(trx, job) {
      const row = {
        key: jobKey(job.kind, job.itemId),
        user_id: job.userId,
        run_at: job.fireAt,
        payload: JSON.stringify(job),
      };
      await trx
        .insertInto('reminder_jobs')
        .values(row)
        .onConflict((conflict) =>
          conflict
            .column('key')
            .doUpdateSet({ user_id: row.user_id, run_at: row.run_at, payload: row.payload }),
        )
        .execute();
      // The timer is set again from the table: SQLite has one connection, so this read waits
      // for the write's transaction and sees what it committed.
      if (run) {
        setImmediate(poll);
      }
    },
    async cancel(trx, keys) {
      if (keys.length > 0) {
        await trx.deleteFrom('reminder_jobs').where('key', 'in', keys).execute();
      }
    },
    async queued(trx) {
      const row = await trx
        .selectFrom('reminder_jobs')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    start(runJob) {
      run = runJob;
      poll();
      return Promise.resolve();
    },
    async stop() {
      run = undefined;
      clearTimeout(timer);
      await polling;
    },
  };
}
