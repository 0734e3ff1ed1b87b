import { type Kysely, sql } from 'kysely';

import { booleanType, timestampType } from '../column-types';

/**
 * Daily goals: tags, one plan per user and date, its tasks, and the day's completion
 * record. Todos and tasks also keep the calendar day they were completed on, in the user's time
 * zone at that moment (ADR 0010), so the charts group by a plain column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = timestampType(db);
  const bool = booleanType(db);

  await db.schema
    .createTable('user_tags')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('color', 'text', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .execute();
  await sql`create unique index user_tags_user_name_idx on user_tags (user_id, lower(name))`.execute(
    db,
  );

  await db.schema
    .createTable('daily_plans')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_date', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(sql`''`))
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .addUniqueConstraint('daily_plans_user_date_key', ['user_id', 'plan_date'])
    .execute();

  await db.schema
    .createTable('daily_tasks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('plan_id', 'text', (col) =>
      col.notNull().references('daily_plans.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(sql`''`))
    .addColumn('priority', 'text', (col) => col.notNull().defaultTo('medium'))
    .addColumn('tag', 'text')
    .addColumn('tag_color', 'text')
    .addColumn('reminder_time', 'text')
    .addColumn('completed', bool, (col) =>
      col.notNull().defaultTo(bool === 'boolean' ? sql`false` : sql`0`),
    )
    .addColumn('completed_at', timestamp)
    .addColumn('completed_date', 'text')
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('daily_tasks_plan_idx')
    .on('daily_tasks')
    .columns(['plan_id', 'position'])
    .execute();
  await db.schema
    .createIndex('daily_tasks_user_completed_date_idx')
    .on('daily_tasks')
    .columns(['user_id', 'completed_date'])
    .execute();

  await db.schema
    .createTable('daily_completions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'text', (col) =>
      col.notNull().unique().references('daily_plans.id').onDelete('cascade'),
    )
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('total_tasks', 'integer', (col) => col.notNull())
    .addColumn('completed_tasks', 'integer', (col) => col.notNull())
    .addColumn('completion_percentage', 'integer', (col) => col.notNull())
    .addColumn('tag_stats', 'text', (col) => col.notNull())
    .addColumn('created_at', timestamp, (col) => col.notNull())
    .addColumn('updated_at', timestamp, (col) => col.notNull())
    .addUniqueConstraint('daily_completions_user_date_key', ['user_id', 'date'])
    .execute();

  await db.schema.alterTable('todos').addColumn('completed_date', 'text').execute();
  await db.schema
    .createIndex('todos_user_completed_date_idx')
    .on('todos')
    .columns(['user_id', 'completed_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('todos_user_completed_date_idx').execute();
  await db.schema.alterTable('todos').dropColumn('completed_date').execute();
  await db.schema.dropTable('daily_completions').execute();
  await db.schema.dropTable('daily_tasks').execute();
  await db.schema.dropTable('daily_plans').execute();
  await db.schema.dropTable('user_tags').execute();
}
