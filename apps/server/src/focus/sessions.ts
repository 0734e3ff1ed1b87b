import type { ArchiveFocusSession } from '@daywise/shared/schemas';
import { type Kysely, sql } from 'kysely';

import type { Database } from '../db/schema';
import { newId } from '../lib/ids';

/** The item a session is on: a todo or a plan task. */
export interface FocusItemRef {
  kind: 'todo' | 'task';
  id: string;
}

/**
 * Records one focus period or stopwatch run (ADR 0032) and adds its minutes to the item's total,
 * in the caller's transaction: the item's `focus_minutes` is always the sum of its sessions.
 */
export async function recordSession(
  trx: Kysely<Database>,
  userId: string,
  item: FocusItemRef,
  session: { startedAt: string; endedAt: string; minutes: number },
  id = newId(),
): Promise<boolean> {
  const inserted = await trx
    .insertInto('focus_sessions')
    .values({
      id,
      user_id: userId,
      todo_id: item.kind === 'todo' ? item.id : null,
      task_id: item.kind === 'task' ? item.id : null,
      started_at: session.startedAt,
      ended_at: session.endedAt,
      minutes: session.minutes,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    return false;
  }
  const table = item.kind === 'todo' ? 'todos' : 'daily_tasks';
  await trx
    .updateTable(table)
    .set({ focus_minutes: sql<number>`focus_minutes + ${session.minutes}` })
    .where('id', '=', item.id)
    .where('user_id', '=', userId)
    .execute();
  return true;
}

/**
 * Restores an archived item's sessions onto the item it became (imports): each keeps an id made
 * from the user and its id there (`restoredId`), so importing the archive again adds none twice.
 */
export async function restoreSessions(
  trx: Kysely<Database>,
  userId: string,
  item: FocusItemRef,
  sessions: readonly ArchiveFocusSession[],
  idFor: (originalId: string) => string,
): Promise<void> {
  for (const session of sessions) {
    await recordSession(trx, userId, item, session, idFor(session.id));
  }
}
