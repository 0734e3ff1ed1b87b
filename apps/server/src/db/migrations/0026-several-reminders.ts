import { type Kysely, sql } from 'kysely';

/**
 * Several reminders (issue 32, ADR 0030). A todo gains `due_time` (HH:MM on its due date, or
 * null) and `reminders`, the JSON text of its reminders (`[{"at":"<instant>"}, {"before":10}]`).
 * `reminder_time` stays, as what old clients read (ADR 0030): without a due date it is still the
 * daily reminder; with one it is written from the reminders.
 *
 * A todo that had a due date and a reminder time was reminded at that time on its due date, and
 * on every occurrence's due date when it repeats: it now has that time as its due time and one
 * reminder at it, which remind the same way and read back the same reminder time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('todos').addColumn('due_time', 'text').execute();
  await db.schema
    .alterTable('todos')
    .addColumn('reminders', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await sql`
    update todos set due_time = reminder_time, reminders = '[{"before":0}]'
    where due_date is not null and reminder_time is not null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('todos').dropColumn('reminders').execute();
  await db.schema.alterTable('todos').dropColumn('due_time').execute();
}
