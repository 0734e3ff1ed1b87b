import type { Kysely } from 'kysely';

/**
 * Today and Upcoming (agenda/agenda.ts) read a user's open todos by due date, and the shared
 * plans they take part in by date. The existing todo indexes lead with the due date over every
 * todo, done ones included, and the shared-plan ones order by the last change; these lead with
 * what the agenda filters on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('todos_user_completed_due_idx')
    .on('todos')
    .columns(['user_id', 'completed', 'due_date'])
    .execute();
  await db.schema
    .createIndex('shared_plans_creator_date_idx')
    .on('shared_plans')
    .columns(['creator_id', 'date'])
    .execute();
  await db.schema
    .createIndex('shared_plans_shared_with_date_idx')
    .on('shared_plans')
    .columns(['shared_with_id', 'date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('shared_plans_shared_with_date_idx').execute();
  await db.schema.dropIndex('shared_plans_creator_date_idx').execute();
  await db.schema.dropIndex('todos_user_completed_due_idx').execute();
}
