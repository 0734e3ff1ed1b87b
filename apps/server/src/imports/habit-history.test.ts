import { addDays, MESSAGES } from '@daywise/shared';
import { type Archive, archiveSchema, type Todo } from '@daywise/shared/schemas';
import { describe, expect, it } from 'vitest';

import { ENGINES, SAME_ORIGIN } from '../../test/helpers';
import { multipartFile } from '../../test/multipart';
import { eachSignedIn, type SignedInApp } from '../../test/signed-in';
import { fixedPacer, type Pacer } from '../lib/slices';
import { createImport, IMPORT_STALE_MS, runImport } from './imports';
import { parseImport } from './parse';
import type { ImportPacing } from './restore';

/**
 * A habit's history written across several transactions (habit-history.ts, ADR 0022 of
 * 2026-11-28), as the user sees it: the same todos, habits and records as when it is written in
 * one; an import stopped between two of them leaves the history from some day on, counted at
 * most as far as it goes, and importing the file again completes it, once.
 */

/** The test clock's today is Saturday 21 November 2026. */
const TODAY = '2026-11-21';
const YESTERDAY = addDays(TODAY, -1);
const FILE = 'daywise-archive.json';

type Occurrence = NonNullable<Archive['todos'][number]['occurrences']>[number];

/**
 * An archived daily habit with `days` days of records up to yesterday, oldest first, but the days
 * `missed` (days back from yesterday) have none and the days `skipped` were skipped.
 */
function dailyHabit(
  id: string,
  title: string,
  days: number,
  { missed = [], skipped = [] }: { missed?: number[]; skipped?: number[] } = {},
): Archive['todos'][number] & { occurrences: Occurrence[] } {
  const first = addDays(YESTERDAY, -(days - 1));
  const occurrences: Occurrence[] = [];
  for (let back = days - 1; back >= 0; back -= 1) {
    const date = addDays(YESTERDAY, -back);
    if (!missed.includes(back)) {
      occurrences.push({
        date,
        outcome: skipped.includes(back) ? 'skipped' : 'done',
        completedAt: `${date}T08:00:00.000Z`,
        completedOn: date,
      });
    }
  }
  return {
    id,
    title,
    description: '',
    priority: 'medium',
    dueDate: TODAY,
    reminderTime: null,
    completed: false,
    completedAt: null,
    completedDate: null,
    createdAt: `${first}T07:00:00.000Z`,
    updatedAt: `${YESTERDAY}T08:00:00.000Z`,
    repeat: { rule: 'FREQ=DAILY', from: 'due' },
    repeatStart: first,
    occurrences,
  };
}

const STRETCH = dailyHabit('habit-stretch', 'Stretch', 40, { missed: [25], skipped: [3, 30] });
const READ = dailyHabit('habit-read', 'Read', 12);
const PLAIN: Archive['todos'][number] = {
  ...dailyHabit('todo-milk', 'Buy milk', 1),
  repeat: null,
  repeatStart: null,
  occurrences: [],
};

/** A pacer that fixes the size and counts the transactions it was told about. */
function countingPacer(size: number): Pacer & { transactions: number } {
  const pacer = { ...fixedPacer(size), transactions: 0 };
  pacer.took = () => {
    pacer.transactions += 1;
  };
  return pacer;
}

describe.each(ENGINES)("a habit's history imported in parts on %s", (engine) => {
  let app: SignedInApp;
  eachSignedIn(engine, (signedIn) => (app = signedIn));

  const userIdOf = async (email: string) =>
    (
      await app.ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;

  /** The user's own archive with these todos in place of theirs. */
  const archiveWith = async (todos: Archive['todos']): Promise<Buffer> => {
    const exported = archiveSchema.parse(
      (await app.api.get('/api/exports/archive', app.cookie)).json(),
    );
    return Buffer.from(JSON.stringify({ ...exported, todos }));
  };

  /** Imports the file through the API, as the Import page does, and waits for it to end. */
  const importThroughApi = async (cookie: string, file: Buffer) => {
    const body = multipartFile('file', FILE, 'application/json', file);
    const started = await app.ctx.app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: body.payload,
      headers: { ...body.headers, ...SAME_ORIGIN, cookie },
    });
    expect(started.statusCode, started.body).toBe(202);
    for (;;) {
      const status = (
        await app.api.get(`/api/imports/${started.json<{ id: string }>().id}`, cookie)
      ).json<{ status: string; created: number; alreadyImported: number }>();
      if (status.status !== 'running') {
        return status;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  /**
   * Runs an import of the file for the user to its end, with the transactions paced by `pacing`;
   * the import's clock is the test's unless told.
   */
  const importPaced = async (
    email: string,
    file: Buffer,
    pacing: ImportPacing,
    clock = app.clock.now,
  ) => {
    const userId = await userIdOf(email);
    const now = app.clock.now();
    const parsed = await parseImport(file, FILE, { timeZone: 'UTC', now });
    const { db } = app.ctx.database;
    const started = await createImport(db, userId, parsed, FILE, now);
    await runImport({
      db,
      events: app.ctx.app.events,
      userId,
      importId: started.id,
      parsed,
      caller: 'session',
      timeZone: 'UTC',
      clock,
      pacing,
    });
    return started.id;
  };

  /** The user's todos as their list shows them, by title. */
  const todosOf = async (cookie: string) =>
    (await app.api.get('/api/todos?limit=100', cookie))
      .json<{ items: Todo[] }>()
      .items.map(({ title, dueDate, repeat, habit, completed }) => ({
        title,
        dueDate,
        repeat,
        habit,
        completed,
      }))
      .sort((a, b) => a.title.localeCompare(b.title));

  /** Each todo's records as the user's archive gives them, by title. */
  const recordsOf = async (cookie: string) => {
    const archive = archiveSchema.parse((await app.api.get('/api/exports/archive', cookie)).json());
    return Object.fromEntries(
      archive.todos.map((todo) => [todo.title, todo.occurrences ?? []] as const),
    );
  };

  const fileRecords = {
    'Buy milk': [],
    Read: READ.occurrences,
    Stretch: STRETCH.occurrences,
  };

  /**
   * Runs an import, 3 records a transaction, that dies as a killed server would right after the
   * first part of a habit's history has committed: nothing more is written, not even that it
   * failed, so it stays running until it is stale (imports.ts). Answers its id.
   */
  const importDyingAfterFirstPart = async (file: Buffer): Promise<string> => {
    let dead = false;
    const records: Pacer = { size: () => 3, took: () => (dead = true) };
    const clock = () => {
      if (dead) {
        throw new Error('the server stopped');
      }
      return app.clock.now();
    };
    await expect(
      importPaced('ada@example.com', file, { items: fixedPacer(50), records }, clock),
    ).rejects.toThrow('the server stopped');
    const running = await app.ctx.database.db
      .selectFrom('imports')
      .select('id')
      .where('status', '=', 'running')
      .executeTakeFirstOrThrow();
    return running.id;
  };

  it('gives the same todos, habits and records in many transactions as in one', async () => {
    const file = await archiveWith([STRETCH, READ, PLAIN]);
    const grace = (await app.api.signUpAndVerify('grace@example.com')) ?? '';
    const parted = countingPacer(3);
    await importPaced('ada@example.com', file, { items: fixedPacer(50), records: parted });
    await importPaced('grace@example.com', file, {
      items: fixedPacer(50),
      records: fixedPacer(100_000),
    });

    // 51 records, 3 a transaction, after the batch that wrote each habit.
    expect(parted.transactions).toBe(Math.ceil(39 / 3) + Math.ceil(12 / 3));
    const inParts = await todosOf(app.cookie);
    expect(inParts).toEqual(await todosOf(grace));
    // Two skips neither break nor extend it; a freeze covers the day missed.
    expect(inParts.find((todo) => todo.title === 'Stretch')?.habit).toMatchObject({
      streak: 37,
      done: 37,
    });
    expect(await recordsOf(app.cookie)).toEqual(fileRecords);
    expect(await recordsOf(grace)).toEqual(fileRecords);
  });

  it('completes, once, a history an import stopped in the middle of when the file is imported again', async () => {
    const file = await archiveWith([STRETCH, READ, PLAIN]);
    const importId = await importDyingAfterFirstPart(file);

    // Stretch's newest three records are in: its history from 18 November on, and a habit not
    // counted yet rather than a streak broken on the days still to come.
    expect(await recordsOf(app.cookie)).toEqual({ Stretch: STRETCH.occurrences.slice(-3) });
    expect((await todosOf(app.cookie))[0]?.habit).toEqual({
      streak: 0,
      best: 0,
      freezes: 0,
      done: 0,
    });
    app.clock.advance(IMPORT_STALE_MS + 1000);
    expect((await app.api.get(`/api/imports/${importId}`, app.cookie)).json()).toMatchObject({
      status: 'failed',
      problems: [{ row: 0, message: MESSAGES.importFailed }],
    });

    expect(await importThroughApi(app.cookie, file)).toMatchObject({
      status: 'done',
      created: 2,
      alreadyImported: 1,
    });
    const grace = (await app.api.signUpAndVerify('grace@example.com')) ?? '';
    expect(await importThroughApi(grace, file)).toMatchObject({ status: 'done', created: 3 });
    expect(await recordsOf(app.cookie)).toEqual(fileRecords);
    expect(await todosOf(app.cookie)).toEqual(await todosOf(grace));

    // A third time adds nothing.
    expect(await importThroughApi(app.cookie, file)).toMatchObject({
      status: 'done',
      created: 0,
      alreadyImported: 3,
    });
    expect(await recordsOf(app.cookie)).toEqual(fileRecords);
    expect(await todosOf(app.cookie)).toEqual(await todosOf(grace));
  });

  it('counts a habit ticked between two parts of its history behind, then in full', async () => {
    const file = await archiveWith([STRETCH]);
    await importDyingAfterFirstPart(file);
    const [todo] = (await app.api.get('/api/todos?limit=100', app.cookie)).json<{
      items: Todo[];
    }>().items;
    // The user ticks today's occurrence while only the newest three records are in: counted
    // over 18, 19 and 20 November and today, behind the history to come, not broken.
    const ticked = await app.send('PATCH', `/api/todos/${todo?.id ?? ''}`, { completed: true });
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json<Todo>().habit).toEqual({ streak: 4, best: 4, freezes: 0, done: 4 });

    app.clock.advance(IMPORT_STALE_MS + 1000);
    expect(await importThroughApi(app.cookie, file)).toMatchObject({
      status: 'done',
      alreadyImported: 1,
    });
    const [after] = await todosOf(app.cookie);
    expect(after?.habit).toEqual({ streak: 38, best: 38, freezes: 3, done: 38 });
    expect((await recordsOf(app.cookie)).Stretch).toHaveLength(40);
  });

  it('writes nothing more for a habit deleted between two parts, and brings it back whole', async () => {
    const file = await archiveWith([STRETCH, READ]);
    app.ctx.app.events.on('todos.changed', async () => {
      const items = (await app.api.get('/api/todos?limit=100', app.cookie)).json<{
        items: Todo[];
      }>().items;
      const stretch = items.find((todo) => todo.title === 'Stretch');
      if (stretch && items.length === 1) {
        const deleted = await app.send('DELETE', `/api/todos/${stretch.id}`);
        expect(deleted.statusCode, deleted.body).toBe(204);
      }
    });
    const importId = await importPaced('ada@example.com', file, {
      items: fixedPacer(50),
      records: fixedPacer(3),
    });

    expect((await app.api.get(`/api/imports/${importId}`, app.cookie)).json()).toMatchObject({
      status: 'done',
      created: 2,
    });
    expect(await recordsOf(app.cookie)).toEqual({ Read: READ.occurrences });

    expect(await importThroughApi(app.cookie, file)).toMatchObject({
      status: 'done',
      created: 1,
      alreadyImported: 1,
    });
    expect(await recordsOf(app.cookie)).toEqual({
      Read: READ.occurrences,
      Stretch: STRETCH.occurrences,
    });
  });
});
