import { type Kysely, sql } from 'kysely';

import { isPostgres } from '../column-types';

/**
 * Each user's plan and task counts, kept by the database as todo_counts are (migration 0009,
 * ADR 0018): the all-time stats of plan analytics read one row instead of counting every task the
 * user ever had. Triggers keep the row in step with every write, whoever makes it (the plans API,
 * a plan's deletion taking its tasks, account deletion, an import), in the writing transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plan_counts')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('plans', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('tasks', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('completed_tasks', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`
    insert into plan_counts (user_id, plans, tasks, completed_tasks)
    select user_id, sum(plans), sum(tasks), sum(completed)
    from (
      select user_id, 1 as plans, 0 as tasks, 0 as completed from daily_plans
      union all
      select user_id, 0, 1, case when completed then 1 else 0 end from daily_tasks
    ) as counted
    group by user_id
  `.execute(db);
  await (isPostgres(db) ? postgresTriggers(db) : sqliteTriggers(db));
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function plan_counts_follow_plans() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into plan_counts (user_id, plans) values (new.user_id, 1)
        on conflict (user_id) do update set plans = plan_counts.plans + 1;
      else
        update plan_counts set plans = plans - 1 where user_id = old.user_id;
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger plan_counts_follow_plans after insert or delete on daily_plans
    for each row execute function plan_counts_follow_plans()
  `.execute(db);
  await sql`
    create function plan_counts_follow_tasks() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into plan_counts (user_id, tasks, completed_tasks)
        values (new.user_id, 1, case when new.completed then 1 else 0 end)
        on conflict (user_id) do update
          set tasks = plan_counts.tasks + 1,
              completed_tasks = plan_counts.completed_tasks + excluded.completed_tasks;
      elsif tg_op = 'DELETE' then
        update plan_counts
          set tasks = tasks - 1,
              completed_tasks = completed_tasks - case when old.completed then 1 else 0 end
          where user_id = old.user_id;
      elsif new.completed is distinct from old.completed then
        update plan_counts
          set completed_tasks = completed_tasks + case when new.completed then 1 else -1 end
          where user_id = new.user_id;
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger plan_counts_follow_tasks
    after insert or delete or update of completed on daily_tasks
    for each row execute function plan_counts_follow_tasks()
  `.execute(db);
}

const SQLITE_TRIGGERS = [
  'plan_counts_plan_insert',
  'plan_counts_plan_delete',
  'plan_counts_task_insert',
  'plan_counts_task_delete',
  'plan_counts_task_complete',
];

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    create trigger plan_counts_plan_insert after insert on daily_plans begin
      insert into plan_counts (user_id, plans) values (new.user_id, 1)
      on conflict (user_id) do update set plans = plans + 1;
    end
  `.execute(db);
  await sql`
    create trigger plan_counts_plan_delete after delete on daily_plans begin
      update plan_counts set plans = plans - 1 where user_id = old.user_id;
    end
  `.execute(db);
  await sql`
    create trigger plan_counts_task_insert after insert on daily_tasks begin
      insert into plan_counts (user_id, tasks, completed_tasks)
      values (new.user_id, 1, new.completed)
      on conflict (user_id) do update
        set tasks = tasks + 1, completed_tasks = completed_tasks + excluded.completed_tasks;
    end
  `.execute(db);
  await sql`
    create trigger plan_counts_task_delete after delete on daily_tasks begin
      update plan_counts set tasks = tasks - 1, completed_tasks = completed_tasks - old.completed
      where user_id = old.user_id;
    end
  `.execute(db);
  await sql`
    create trigger plan_counts_task_complete after update of completed on daily_tasks
    when new.completed <> old.completed begin
      update plan_counts set completed_tasks = completed_tasks + new.completed - old.completed
      where user_id = new.user_id;
    end
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger plan_counts_follow_tasks on daily_tasks`.execute(db);
    await sql`drop function plan_counts_follow_tasks()`.execute(db);
    await sql`drop trigger plan_counts_follow_plans on daily_plans`.execute(db);
    await sql`drop function plan_counts_follow_plans()`.execute(db);
  } else {
    for (const name of SQLITE_TRIGGERS) {
      await sql`drop trigger ${sql.raw(name)}`.execute(db);
    }
  }
  await db.schema.dropTable('plan_counts').execute();
}
