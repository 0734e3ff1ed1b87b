import { type Kysely, sql } from 'kysely';

import { isPostgres } from '../column-types';

/**
 * Each user's todo counts, kept by the database (ADR 0018): the list's heading and the stats
 * cards read one row instead of counting every todo, so they cost the same at 100,000 todos as
 * at ten. Triggers keep the row in step with every write, whoever makes it (the API, account
 * deletion, an import), in the writing transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('todo_counts')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('total', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('completed', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`
    insert into todo_counts (user_id, total, completed)
    select user_id, count(*), sum(case when completed then 1 else 0 end)
    from todos
    group by user_id
  `.execute(db);

  if (isPostgres(db)) {
    await sql`
      create function todo_counts_follow() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into todo_counts (user_id, total, completed)
          values (new.user_id, 1, case when new.completed then 1 else 0 end)
          on conflict (user_id) do update
            set total = todo_counts.total + 1,
                completed = todo_counts.completed + excluded.completed;
        elsif tg_op = 'DELETE' then
          update todo_counts
            set total = total - 1, completed = completed - case when old.completed then 1 else 0 end
            where user_id = old.user_id;
        elsif new.completed is distinct from old.completed then
          update todo_counts
            set completed = completed + case when new.completed then 1 else -1 end
            where user_id = new.user_id;
        end if;
        return null;
      end
      $$
    `.execute(db);
    await sql`
      create trigger todo_counts_follow after insert or delete or update of completed on todos
      for each row execute function todo_counts_follow()
    `.execute(db);
    return;
  }
  await sql`
    create trigger todo_counts_insert after insert on todos begin
      insert into todo_counts (user_id, total, completed) values (new.user_id, 1, new.completed)
      on conflict (user_id) do update
        set total = total + 1, completed = completed + excluded.completed;
    end
  `.execute(db);
  await sql`
    create trigger todo_counts_delete after delete on todos begin
      update todo_counts set total = total - 1, completed = completed - old.completed
      where user_id = old.user_id;
    end
  `.execute(db);
  await sql`
    create trigger todo_counts_complete after update of completed on todos
    when new.completed <> old.completed begin
      update todo_counts set completed = completed + new.completed - old.completed
      where user_id = new.user_id;
    end
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger todo_counts_follow on todos`.execute(db);
    await sql`drop function todo_counts_follow()`.execute(db);
  } else {
    for (const name of ['todo_counts_insert', 'todo_counts_delete', 'todo_counts_complete']) {
      await sql`drop trigger ${sql.raw(name)}`.execute(db);
    }
  }
  await db.schema.dropTable('todo_counts').execute();
}
