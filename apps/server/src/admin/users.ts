import { ADMIN_PAGE_SIZE, type AdminUser } from '@daywise/shared/schemas';
import { type Kysely, sql } from 'kysely';

import { firstAccountId, isAdminEmail } from '../auth/admins';
import type { Config } from '../config';
import { isPostgres } from '../db/column-types';
import type { Database } from '../db/schema';
import { readable } from '../lib/policy';

/** The bytes of a text column: PostgreSQL counts them itself; SQLite counts a blob's. */
function bytesOf(db: Kysely<Database>, column: string) {
  return isPostgres(db)
    ? sql<number>`coalesce(sum(octet_length(${sql.ref(column)})), 0)`
    : sql<number>`coalesce(sum(length(cast(${sql.ref(column)} as blob))), 0)`;
}

/** The list's rows: each account with its activity, todo count and storage, one query. */
function userRows(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select((eb) => [
      'users.id',
      'users.name',
      'users.email',
      'users.created_at',
      'users.email_verified',
      'users.disabled_at',
      eb
        .selectFrom('sessions')
        .select((s) => s.fn.max('sessions.updated_at').as('at'))
        .whereRef('sessions.user_id', '=', 'users.id')
        .as('last_active_at'),
      eb
        .selectFrom('todos')
        .select((s) => s.fn.countAll<number | string>().as('n'))
        .whereRef('todos.user_id', '=', 'users.id')
        .as('todo_count'),
      eb
        .selectFrom('todos')
        .select(
          sql<
            number | string
          >`${bytesOf(db, 'todos.title')} + ${bytesOf(db, 'todos.description')}`.as('b'),
        )
        .whereRef('todos.user_id', '=', 'users.id')
        .as('todo_bytes'),
      eb
        .selectFrom('profile_pictures')
        .select(sql<number | string>`length(profile_pictures.data)`.as('b'))
        .whereRef('profile_pictures.user_id', '=', 'users.id')
        .as('picture_bytes'),
    ])
    .where('users.is_deleted', '=', false);
}

type UserRow = Awaited<ReturnType<ReturnType<typeof userRows>['execute']>>[number];

function presentAdminUser(row: UserRow, admin: boolean): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    joinedAt: row.created_at,
    lastActiveAt: row.last_active_at ?? null,
    todoCount: Number(row.todo_count ?? 0),
    storageBytes: Number(row.todo_bytes ?? 0) + Number(row.picture_bytes ?? 0),
    verified: Boolean(row.email_verified),
    disabled: row.disabled_at !== null,
    admin,
  };
}

/** Whether the account a row shows is an admin, as auth/admins.ts decides. */
function adminCheck(config: Pick<Config, 'adminEmails'>, firstId: string | undefined) {
  return (row: UserRow) =>
    row.disabled_at === null &&
    (config.adminEmails.length > 0 ? isAdminEmail(config, row.email) : row.id === firstId);
}

/** One page of the accounts that are not deleted, oldest first. */
export async function listUsers(
  db: Kysely<Database>,
  config: Pick<Config, 'adminEmails'>,
  page: number,
) {
  const [rows, total, firstId] = await Promise.all([
    userRows(db)
      .orderBy('users.created_at')
      .orderBy('users.id')
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE)
      .execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('is_deleted', '=', false)
      .executeTakeFirstOrThrow(),
    firstAccountId(db),
  ]);
  const isAdminRow = adminCheck(config, firstId);
  return {
    users: rows.map((row) => presentAdminUser(row, isAdminRow(row))),
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total: Number(total.n),
  };
}

/** One account as the list shows it; 404 for an unknown or deleted one. */
export async function adminUser(
  db: Kysely<Database>,
  config: Pick<Config, 'adminEmails'>,
  userId: string,
): Promise<AdminUser> {
  const row = readable(await userRows(db).where('users.id', '=', userId).executeTakeFirst());
  return presentAdminUser(row, adminCheck(config, await firstAccountId(db))(row));
}
