import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';

import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';

import { freshPlace } from '../../test/backup-tool';
import { createTestDatabase, ENGINES, tempDir, TEST_DATABASE_URL } from '../../test/helpers';
import { waitFor } from '../../test/server-process';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { migrateToLatest, MIGRATION_NAMES } from '../db/migrate';
import { backupBeforeMigrations } from './before-migrations';
import { runBackupCli } from './cli';
import { startRollingBackups, takeRollingBackup } from './rolling';

/** Runs the tool as its program does, answering the exit code and what it printed. */
async function tool(args: string[], env: Record<string, string | undefined>) {
  const lines: string[] = [];
  const code = await runBackupCli(
    args,
    env,
    (line) => lines.push(line),
    (line) => lines.push(line),
  );
  return { code, output: lines.join('\n') };
}

const marker = (database: DatabaseHandle) =>
  database.db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', 'marker')
    .executeTakeFirst()
    .then((row) => row?.value);

const setMarker = (database: DatabaseHandle, value: string) =>
  database.db
    .insertInto('app_settings')
    .values({ key: 'marker', value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
    .execute();

/** A migrated database in a place of its own, holding `marker`. */
async function placeWith(engine: 'sqlite' | 'postgres', value: string) {
  const place = await freshPlace(engine);
  const database = openDatabase({
    databaseUrl: place.env.DATABASE_URL,
    dataDir: place.env.DATA_DIR ?? '',
  });
  await migrateToLatest(database.db);
  await setMarker(database, value);
  await database.close();
  return place;
}

const opened: DatabaseHandle[] = [];
const places: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
  await Promise.all(places.splice(0).map((drop) => drop()));
});

function openIn(env: Record<string, string>): DatabaseHandle {
  const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });
  opened.push(database);
  return database;
}

describe.each(ENGINES)('the backup tool on %s', (engine) => {
  it('restores only into an empty place unless --force, and only a backup this code can read', async () => {
    const source = await placeWith(engine, 'source');
    const target = await placeWith(engine, 'target');
    const empty = await freshPlace(engine);
    places.push(source.drop, target.drop, empty.drop);
    const file = path.join(tempDir(), 'daywise.backup');

    expect(await tool(['backup', file], source.env)).toMatchObject({ code: 0 });
    const again = await tool(['backup', file], source.env);
    expect(again).toMatchObject({ code: 1 });
    expect(again.output).toContain('already exists');

    const refused = await tool(['restore', file], target.env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('already holds');
    expect(await marker(openIn(target.env))).toBe('target');

    expect(await tool(['restore', file, '--force'], target.env)).toMatchObject({ code: 0 });
    expect(await marker(openIn(target.env))).toBe('source');
    expect(await tool(['restore', file], empty.env)).toMatchObject({ code: 0 });
    const restored = openIn(empty.env);
    expect(await marker(restored)).toBe('source');
    // The restored database is up to date: the server's start has nothing left to migrate.
    expect(await migrateToLatest(restored.db)).toEqual([]);
  }, 60_000);

  it('refuses a backup from a newer Daywise, and leaves the place empty', async () => {
    const source = await placeWith(engine, 'newer');
    const empty = await freshPlace(engine);
    places.push(source.drop, empty.drop);
    const database = openIn(source.env);
    await sql`insert into kysely_migration (name, timestamp) values ('9999-from-the-future', '2027-01-01T00:00:00.000Z')`.execute(
      database.db,
    );
    const file = path.join(tempDir(), 'newer.backup');
    expect(await tool(['backup', file], source.env)).toMatchObject({ code: 0 });

    const refused = await tool(['restore', file], empty.env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('comes from a newer Daywise (migration 9999-from-the-future');
    // Nothing was written: a restore of a good backup still finds the place empty.
    const good = path.join(tempDir(), 'good.backup');
    await sql`delete from kysely_migration where name = '9999-from-the-future'`.execute(
      database.db,
    );
    expect(await tool(['backup', good], source.env)).toMatchObject({ code: 0 });
    expect(await tool(['restore', good], empty.env)).toMatchObject({ code: 0 });
  }, 60_000);
});

describe('the backup tool', () => {
  it('says how it is used, and refuses what is no backup, or no database', async () => {
    expect((await tool([], {})).code).toBe(2);
    expect((await tool(['backup'], {})).code).toBe(2);
    expect((await tool(['restore', 'a', 'b'], {})).code).toBe(2);
    expect((await tool(['backup', 'a', '--force'], {})).code).toBe(2);

    const dataDir = tempDir();
    const missing = await tool(['backup', path.join(dataDir, 'x.backup')], { DATA_DIR: dataDir });
    expect(missing).toMatchObject({ code: 1 });
    expect(missing.output).toContain('There is no Daywise database');

    const text = path.join(dataDir, 'notes.txt');
    fs.writeFileSync(text, 'not a backup');
    const notBackup = await tool(['restore', text], { DATA_DIR: tempDir() });
    expect(notBackup).toMatchObject({ code: 1 });
    expect(notBackup.output).toContain('is not a Daywise backup');

    const place = await placeWith('sqlite', 'x');
    const file = path.join(tempDir(), 'sqlite.backup');
    expect(await tool(['backup', file], place.env)).toMatchObject({ code: 0 });
    const crossed = await tool(['restore', file], {
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(crossed).toMatchObject({ code: 1 });
    expect(crossed.output).toContain('is a backup of the embedded SQLite database');

    const badConfig = await tool(['backup', file], { BACKUP_EVERY: 'often' });
    expect(badConfig).toMatchObject({ code: 1 });
    expect(badConfig.output).toContain('BACKUP_EVERY');
  });

  it('copies an existing SQLite database before migrations it has not run, and no other', async () => {
    const dir = tempDir();
    const fresh = await createTestDatabase('sqlite', false);
    expect(await backupBeforeMigrations(fresh.database, dir)).toBeUndefined();
    await migrateToLatest(fresh.database.db);
    expect(await backupBeforeMigrations(fresh.database, dir)).toBeUndefined();
    expect(fs.readdirSync(dir)).toEqual([]);

    // As if the code had gained the last migration since this database last started.
    const last = MIGRATION_NAMES.at(-1) ?? '';
    await setMarker(fresh.database, 'before');
    await sql`delete from kysely_migration where name = ${last}`.execute(fresh.database.db);
    const copy = await backupBeforeMigrations(
      fresh.database,
      dir,
      new Date('2026-11-29T01:00:00Z'),
    );
    expect(copy).toBe(path.join(dir, `daywise-before-${last}-2026-11-29T010000Z.sqlite`));
    const restoredDir = tempDir();
    expect(await tool(['restore', copy ?? ''], { DATA_DIR: restoredDir })).toMatchObject({
      code: 0,
    });
    const restored = openIn({ DATA_DIR: restoredDir });
    expect(await marker(restored)).toBe('before');
    await fresh.drop();
  });
});

/** A logger whose lines a test reads. */
function capturedLog(): { log: FastifyBaseLogger; lines: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { log: pino(stream), lines: () => text };
}

describe.each(ENGINES)('rolling backups on %s', (engine) => {
  it('are taken once per slot by one of two instances, keeping the newest', async () => {
    const test = await createTestDatabase(engine);
    const other = test.openAnother();
    const dir = tempDir();
    const { log } = capturedLog();
    const options = { dir, everyMs: 3_600_000, keep: 2, log };
    const slot = (hour: number) => new Date(Date.UTC(2026, 10, 29, hour));

    const taken = await Promise.all([
      takeRollingBackup({ ...options, database: test.database }, slot(1)),
      takeRollingBackup({ ...options, database: other }, slot(1)),
    ]);
    expect(taken.filter((file) => file !== undefined)).toHaveLength(1);
    // A slot taken is not taken again, nor an earlier one.
    expect(await takeRollingBackup({ ...options, database: other }, slot(1))).toBeUndefined();
    expect(await takeRollingBackup({ ...options, database: other }, slot(0))).toBeUndefined();
    await takeRollingBackup({ ...options, database: other }, slot(2));
    await takeRollingBackup({ ...options, database: test.database }, slot(3));
    const extension = engine === 'sqlite' ? 'sqlite' : 'dump';
    expect(fs.readdirSync(dir).sort()).toEqual([
      `daywise-2026-11-29T020000Z.${extension}`,
      `daywise-2026-11-29T030000Z.${extension}`,
    ]);
    await other.close();
    await test.drop();
  }, 60_000);

  it('log a failed backup and keep the server going', async () => {
    const test = await createTestDatabase(engine);
    const dir = path.join(tempDir(), 'not-a-folder');
    fs.writeFileSync(dir, 'a file where the folder should be');
    const { log, lines } = capturedLog();
    const rolling = startRollingBackups({
      database: test.database,
      dir,
      everyMs: 3_600_000,
      keep: 7,
      log,
    });
    await waitFor(() => lines().includes('backup failed'), 10_000);
    await rolling.stop();
    // The database serves on.
    await setMarker(test.database, 'still here');
    expect(await marker(test.database)).toBe('still here');
    await test.drop();
  });
});

describe.skipIf(!TEST_DATABASE_URL)('the backup tool on postgres (TEST_DATABASE_URL)', () => {
  it('refuses a target whose schema is not the backup’s', async () => {
    const source = await placeWith('postgres', 'source');
    const target = await freshPlace('postgres');
    places.push(source.drop, target.drop);
    const file = path.join(tempDir(), 'pg.backup');
    expect(await tool(['backup', file], source.env)).toMatchObject({ code: 0 });
    const url = new URL(target.env.DATABASE_URL ?? '');
    const client = openIn(target.env);
    await sql`create schema elsewhere`.execute(client.db);
    url.search = `?options=${encodeURIComponent('-c search_path=elsewhere')}`;
    const refused = await tool(['restore', file], { ...target.env, DATABASE_URL: url.toString() });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('holds schema public, but DATABASE_URL selects elsewhere');
  }, 60_000);
});
