import { type Archive, archiveSchema, type Settings, type Todo } from '@daywise/shared/schemas';
import { describe, expect, it } from 'vitest';

import { ENGINES, SAME_ORIGIN } from '../../test/helpers';
import { solidImage } from '../../test/images';
import { multipartFile } from '../../test/multipart';
import { eachSignedIn, sendAs, type SignedInApp } from '../../test/signed-in';

/**
 * Issue 16's round trip: everything a user made, exported as the JSON archive and imported into a
 * fresh account, comes back field for field (docs/data-archive.md, "Importing an archive").
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An archive with the ids and account details a fresh account cannot share taken out, and every
 * reference (a todo's tags, a completion's plan) said by what it points at.
 */
function comparable(archive: Archive) {
  const tagNames = new Map(archive.tags.map((tag) => [tag.id, tag.name]));
  const listNames = new Map((archive.lists ?? []).map((list) => [list.id, list.name]));
  const sectionNames = new Map(
    (archive.sections ?? []).map((section) => [section.id, section.name]),
  );
  const todoTitles = new Map(archive.todos.map((todo) => [todo.id, todo.title]));
  const titleOf = (id: string | null | undefined) => (id ? todoTitles.get(id) : null);
  const planDates = new Map(archive.plans.map((plan) => [plan.id, plan.planDate]));
  const { id: _id, email: _email, createdAt: _createdAt, picture, ...profile } = archive.profile;
  return {
    profile: { ...profile, picture: picture?.contentType ?? null },
    settings: archive.settings,
    tags: archive.tags.map(({ id: _tagId, ...tag }) => tag),
    lists: (archive.lists ?? []).map(({ id: _listId, ...list }) => list),
    savedFilters: (archive.savedFilters ?? []).map(({ id: _filterId, ...filter }) => filter),
    sections: (archive.sections ?? []).map(({ id: _sectionId, listId, ...section }) => ({
      ...section,
      list: listId ? listNames.get(listId) : null,
    })),
    // Todos made in the same millisecond have no set order between them.
    todos: archive.todos
      .map(({ id: _todoId, tagIds, listId, sectionId, parentId, completedWith, ...todo }) => ({
        ...todo,
        list: listId ? listNames.get(listId) : null,
        section: sectionId ? sectionNames.get(sectionId) : null,
        parent: titleOf(parentId),
        completedWith: titleOf(completedWith),
        tags: (tagIds ?? []).map((tagId) => tagNames.get(tagId)).sort(),
      }))
      .sort((a, b) => a.title.localeCompare(b.title)),
    plans: archive.plans.map(({ id: _planId, tasks, ...plan }) => ({
      ...plan,
      tasks: tasks.map(({ id: _taskId, ...task }) => task),
    })),
    completions: archive.completions.map(({ id: _recordId, planId, ...record }) => ({
      ...record,
      plan: planDates.get(planId),
    })),
    daysOff: (archive.daysOff ?? []).map(({ id: _rangeId, ...range }) => range),
  };
}

describe.each(ENGINES)('the archive round trip on %s', (engine) => {
  let app: SignedInApp;
  eachSignedIn(engine, (signedIn) => (app = signedIn));

  const send = async (
    cookie: string,
    method: 'POST' | 'PATCH' | 'PUT',
    url: string,
    body: object,
  ) => {
    const response = await sendAs(app.ctx, cookie, method, url, body);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json<{ id: string }>();
  };
  const archiveOf = async (cookie: string) => {
    const response = await app.api.get('/api/exports/archive', cookie);
    expect(response.statusCode).toBe(200);
    return archiveSchema.parse(response.json());
  };
  const importAs = async (cookie: string, file: Buffer) => {
    const body = multipartFile('file', 'daywise-archive.json', 'application/json', file);
    const post = (url: string) =>
      app.ctx.app.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: { ...body.headers, ...SAME_ORIGIN, cookie },
      });
    const preview = await post('/api/imports/preview');
    expect(preview.statusCode).toBe(200);
    const started = await post('/api/imports');
    expect(started.statusCode).toBe(202);
    const { id } = started.json<{ id: string }>();
    for (;;) {
      const status = (await app.api.get(`/api/imports/${id}`, cookie)).json<{
        status: string;
        created: number;
        alreadyImported: number;
        restored: string[];
        problems: { row: number; message: string }[];
      }>();
      if (status.status !== 'running') {
        return {
          preview: preview.json<{
            restores: string[];
            total: number;
            toCreate: number;
            alreadyImported: number;
          }>(),
          status,
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const todosOf = async (cookie: string) =>
    (await app.api.get('/api/todos?limit=100', cookie))
      .json<{ items: Todo[] }>()
      // Which list, section and parent a todo has are compared by name, in `comparable`.
      .items.map(({ id: _id, tags, listId: _l, sectionId: _s, parentId: _p, ...todo }) => ({
        ...todo,
        tags: tags.map((tag) => tag.name),
      }))
      .sort((a, b) => a.title.localeCompare(b.title));

  /** Ada's account, with something in every section the archive holds. */
  async function fillAccount(cookie: string) {
    await send(cookie, 'PATCH', '/api/profile', {
      name: 'Ada Lovelace',
      bio: 'Counts, in order.',
      location: 'London',
      website: 'https://ada.example.com',
    });
    const picture = multipartFile(
      'picture',
      'me.png',
      'image/png',
      await solidImage('png', 40, 30),
    );
    const uploaded = await app.ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/picture',
      payload: picture.payload,
      headers: { ...SAME_ORIGIN, ...picture.headers, cookie },
    });
    expect(uploaded.statusCode).toBe(200);
    await app.api.get('/api/settings', cookie);
    for (const update of [
      { group: 'preferences', key: 'timezone', value: 'Europe/Paris' },
      { group: 'preferences', key: 'theme', value: 'dark' },
      { group: 'preferences', key: 'weekStart', value: 'sunday' },
      { group: 'preferences', key: 'dayEnd', value: '22:30' },
      { group: 'preferences', key: 'dayStart', value: '07:00' },
      { group: 'focus', key: 'focusMinutes', value: 45 },
      { group: 'notifications', key: 'review', value: true },
      { group: 'privacy', key: 'profileVisibility', value: 'friends' },
      { group: 'notifications', key: 'email', value: false },
    ]) {
      await send(cookie, 'PATCH', '/api/settings', update);
    }
    const work = await send(cookie, 'POST', '/api/tags', { name: 'Work', color: '#EF4444' });
    await send(cookie, 'POST', '/api/tags', { name: 'Unused', color: '#10B981' });
    // Two lists, the first moved last and archived; a todo in each, one in the Inbox.
    const book = await send(cookie, 'POST', '/api/lists', { name: 'Book', color: '#8B5CF6' });
    const errands = await send(cookie, 'POST', '/api/lists', { name: 'Errands' });
    await send(cookie, 'PATCH', `/api/lists/${book.id}`, { position: 1, archived: true });
    // Two saved filters, the second moved first.
    await send(cookie, 'POST', '/api/filters', { name: 'Book work', query: '#Book & !completed' });
    const urgent = await send(cookie, 'POST', '/api/filters', {
      name: 'Urgent',
      color: '#EF4444',
      query: '(today | overdue) & p1',
    });
    await send(cookie, 'PATCH', `/api/filters/${urgent.id}`, { position: 0 });
    // A section in a list and one in the Inbox (ADR 0027).
    const shops = await send(cookie, 'POST', '/api/sections', {
      listId: errands.id,
      name: 'Shops',
    });
    const later = await send(cookie, 'POST', '/api/sections', { listId: null, name: 'Later' });
    const chapter = await send(cookie, 'POST', '/api/todos', {
      listId: book.id,
      title: 'Finish the chapter',
      description: 'Chapter 3, with "quotes", commas\nand lines',
      priority: 'high',
      dueDate: '2026-11-28',
      reminderTime: '07:30',
      tagIds: [work.id],
    });
    const invoice = await send(cookie, 'POST', '/api/todos', {
      title: 'Send the invoice',
      listId: errands.id,
      dueDate: '2026-11-30',
      dueTime: '17:00',
      reminders: [{ before: 30 }, { at: '2026-11-29T08:00:00.000Z' }, { before: 1440 }],
      sectionId: shops.id,
      // A time block on another day than its due date (ADR 0031).
      blockDate: '2026-11-28',
      blockStart: '09:15',
      blockMinutes: 45,
    });
    await send(cookie, 'PATCH', `/api/todos/${invoice.id}`, { completed: true });
    // Subtasks two levels deep, reordered; and a parent completed with one of its subtasks open,
    // which is marked as completed with it.
    const outline = await send(cookie, 'POST', '/api/todos', {
      title: 'Outline',
      parentId: chapter.id,
    });
    await send(cookie, 'POST', '/api/todos', { title: 'Opening line', parentId: outline.id });
    const draft = await send(cookie, 'POST', '/api/todos', {
      title: 'Draft',
      parentId: chapter.id,
    });
    await send(cookie, 'PATCH', `/api/todos/${draft.id}`, { order: 0 });
    const pack = await send(cookie, 'POST', '/api/todos', {
      title: 'Pack',
      sectionId: later.id,
    });
    await send(cookie, 'POST', '/api/todos', { title: 'Socks', parentId: pack.id });
    const charger = await send(cookie, 'POST', '/api/todos', {
      title: 'Charger',
      parentId: pack.id,
    });
    await send(cookie, 'PATCH', `/api/todos/${charger.id}`, { completed: true });
    await send(cookie, 'PATCH', `/api/todos/${pack.id}`, { completed: true });
    const plants = await send(cookie, 'POST', '/api/todos', {
      title: 'Water plants',
      priority: 'medium',
      dueDate: '2026-11-21',
      reminderTime: '08:00',
      repeat: { rule: 'FREQ=DAILY;INTERVAL=3', from: 'due' },
    });
    await send(cookie, 'POST', '/api/days-off', { startDate: '2026-12-01', endDate: '2026-12-07' });
    await send(cookie, 'POST', '/api/plans', {
      title: 'Saturday',
      description: 'Slow day',
      tasks: [
        { title: 'Market', priority: 'low', tag: 'Work', reminderTime: '10:00' },
        { title: 'Read', priority: 'medium', tag: null, blockStart: '14:00', blockMinutes: 90 },
      ],
    });
    const plan = (await app.api.get('/api/plans/today', cookie)).json<{
      plan: { id: string; tasks: { id: string }[] };
    }>().plan;
    await send(cookie, 'PATCH', `/api/plans/${plan.id}/tasks/${plan.tasks[0]?.id}`, {
      completed: true,
    });
    // Three days of the habit: done, done late, skipped.
    await send(cookie, 'PATCH', `/api/todos/${plants.id}`, { completed: true });
    app.clock.advance(3 * DAY_MS);
    await send(cookie, 'PATCH', `/api/todos/${plants.id}`, { completed: true });
    app.clock.advance(3 * DAY_MS);
    await send(cookie, 'POST', `/api/todos/${plants.id}/skip`, {});
    // A later occurrence moved on its own, its copy deleted: the series keeps it excluded.
    const moved = await sendAs(app.ctx, cookie, 'POST', `/api/todos/${plants.id}/move`, {
      occurrence: '2026-12-03',
      to: '2026-12-04',
      scope: 'this',
    });
    const copy = moved.json<{ copy: { id: string } }>().copy;
    expect((await sendAs(app.ctx, cookie, 'DELETE', `/api/todos/${copy.id}`)).statusCode).toBe(204);
  }

  it('brings back everything that is the user’s own into a fresh account, and adds nothing the second time', async () => {
    await fillAccount(app.cookie);
    const original = await archiveOf(app.cookie);
    expect(original.todos).toHaveLength(9);
    // A due time and reminders, carried exactly (ADR 0030).
    expect(original.todos.find((todo) => todo.title === 'Send the invoice')).toMatchObject({
      dueTime: '17:00',
      reminders: [{ before: 30 }, { at: '2026-11-29T08:00:00.000Z' }, { before: 1440 }],
      reminderTime: '16:30',
      blockDate: '2026-11-28',
      blockStart: '09:15',
      blockMinutes: 45,
    });
    expect(original.plans[0]?.tasks).toHaveLength(2);
    expect(original.plans[0]?.tasks[1]).toMatchObject({ blockStart: '14:00', blockMinutes: 90 });
    // A later occurrence moved on its own: the series' excluded date (ADR 0031).
    expect(original.todos.find((todo) => todo.title === 'Water plants')?.repeatExcluded).toEqual([
      '2026-12-03',
    ]);
    expect(original.todos.find((todo) => todo.title === 'Water plants')?.occurrences).toHaveLength(
      3,
    );

    const fresh = (await app.api.signUpAndVerify('grace@example.com')) ?? '';
    const file = Buffer.from(JSON.stringify(original));
    const { preview, status } = await importAs(fresh, file);
    expect(preview.toCreate).toBe(9);
    expect(preview.restores).toEqual([
      'Your profile: name, bio, location, website and picture',
      'Your settings: notifications, privacy, theme and time zone (Europe/Paris)',
      '2 lists',
      '2 saved filters',
      '2 sections',
      '1 daily plan with 2 tasks and their completion records',
      '1 range of days off',
    ]);
    expect(status).toMatchObject({
      status: 'done',
      problems: [],
      restored: [
        'Profile and picture restored',
        'Settings restored',
        '2 lists restored',
        '2 saved filters restored',
        '2 sections restored',
        '1 daily plan restored',
        '1 range of days off restored',
      ],
    });

    const restored = await archiveOf(fresh);
    expect(comparable(restored)).toEqual(comparable(original));
    expect(restored.profile.email).toBe('grace@example.com');
    // What the app derives from the archive is the same too: repeats, next dates, habits.
    expect(await todosOf(fresh)).toEqual(await todosOf(app.cookie));

    // A second import finds everything there, says so, and adds nothing.
    const todosOnce = await todosOf(fresh);
    const again = await importAs(fresh, file);
    expect(again.preview).toMatchObject({ total: 9, toCreate: 0, alreadyImported: 9 });
    expect(again.preview.restores).toEqual([
      'Your profile: name, bio, location, website and picture',
      'Your settings: notifications, privacy, theme and time zone (Europe/Paris)',
      '2 lists imported before',
      '2 saved filters imported before',
      '2 sections imported before',
      '1 daily plan imported before',
      '1 range of days off imported before',
    ]);
    expect(again.status).toMatchObject({
      status: 'done',
      created: 0,
      alreadyImported: 9,
      restored: [
        'Profile and picture restored',
        'Settings restored',
        '0 daily plans restored, 1 plan restored before',
      ],
    });
    expect(comparable(await archiveOf(fresh))).toEqual(comparable(original));
    expect(await todosOf(fresh)).toEqual(todosOnce);
  });

  /** What the account holds, ids and all: the archive but its time and picture bytes. */
  const holdings = async (cookie: string) => {
    const { exportedAt: _exportedAt, profile, ...archive } = await archiveOf(cookie);
    return {
      ...archive,
      profile: { ...profile, picture: profile.picture?.contentType ?? null },
      todos: await todosOf(cookie),
      dashboard: (await app.api.get('/api/analytics/dashboard', cookie)).json<unknown>(),
    };
  };

  it('adds nothing when the archive comes back to the account it came from (issue 31)', async () => {
    await fillAccount(app.cookie);
    const before = await holdings(app.cookie);
    expect(before.todos.find((todo) => todo.title === 'Water plants')?.habit).toMatchObject({
      done: 2,
    });
    const file = Buffer.from(JSON.stringify(await archiveOf(app.cookie)));

    const { preview, status } = await importAs(app.cookie, file);
    expect(preview).toMatchObject({ total: 9, toCreate: 0, alreadyImported: 9 });
    expect(preview.restores).toEqual([
      'Your profile: name, bio, location, website and picture',
      'Your settings: notifications, privacy, theme and time zone (Europe/Paris)',
      '2 lists imported before',
      '2 saved filters imported before',
      '2 sections imported before',
      '1 daily plan imported before',
      '1 range of days off imported before',
    ]);
    expect(status).toMatchObject({
      status: 'done',
      created: 0,
      alreadyImported: 9,
      problems: [],
      restored: [
        'Profile and picture restored',
        'Settings restored',
        '0 daily plans restored, 1 plan restored before',
      ],
    });
    // Todos with their tags, repeats, history and habits, plans with their tasks and completion
    // records, tags, days off, the dashboard's counts and streaks: all as they were, ids and all.
    expect(await holdings(app.cookie)).toEqual(before);
  });

  it('brings back exactly the todo deleted since the export, once', async () => {
    await fillAccount(app.cookie);
    const before = await holdings(app.cookie);
    const archive = await archiveOf(app.cookie);
    const file = Buffer.from(JSON.stringify(archive));
    const plants = archive.todos.find((todo) => todo.title === 'Water plants');
    const deleted = await sendAs(app.ctx, app.cookie, 'DELETE', `/api/todos/${plants?.id}`);
    expect(deleted.statusCode).toBeLessThan(300);

    const { preview, status } = await importAs(app.cookie, file);
    expect(preview).toMatchObject({ total: 9, toCreate: 1, alreadyImported: 8 });
    expect(status).toMatchObject({ status: 'done', created: 1, alreadyImported: 8, problems: [] });
    // The habit comes back with its history and its streak; nothing else is added.
    const { todos, dashboard } = await holdings(app.cookie);
    expect(todos).toEqual(before.todos);
    // The dashboard names the habit by its todo, which came back under a new id.
    const withoutTodoIds = (value: unknown): unknown =>
      JSON.parse(
        JSON.stringify(value, (key, field: unknown) => (key === 'todoId' ? undefined : field)),
      ) as unknown;
    expect(withoutTodoIds(dashboard)).toEqual(withoutTodoIds(before.dashboard));
    expect(comparable(await archiveOf(app.cookie))).toEqual(comparable(archive));

    const again = await importAs(app.cookie, file);
    expect(again.preview).toMatchObject({ toCreate: 0, alreadyImported: 9 });
    expect(again.status).toMatchObject({ status: 'done', created: 0, alreadyImported: 9 });
    expect((await holdings(app.cookie)).todos).toEqual(before.todos);
  });

  it('brings back a deleted parent with its subtasks, nested as they were, and its Undo too', async () => {
    await fillAccount(app.cookie);
    const archive = await archiveOf(app.cookie);
    const file = Buffer.from(JSON.stringify(archive));
    const pack = archive.todos.find((todo) => todo.title === 'Pack');
    expect((await sendAs(app.ctx, app.cookie, 'DELETE', `/api/todos/${pack?.id}`)).statusCode).toBe(
      204,
    );
    const { status } = await importAs(app.cookie, file);
    expect(status).toMatchObject({ status: 'done', created: 3, alreadyImported: 6, problems: [] });
    expect(comparable(await archiveOf(app.cookie))).toEqual(comparable(archive));
    // Reopening the parent reopens the subtask completed with it, not the one done before.
    const todos = (await app.api.get('/api/todos?limit=100', app.cookie)).json<{ items: Todo[] }>()
      .items;
    const restored = todos.find((todo) => todo.title === 'Pack');
    await send(app.cookie, 'PATCH', `/api/todos/${restored?.id}`, { completed: false });
    const after = (await app.api.get(`/api/todos?parent=${restored?.id}`, app.cookie)).json<{
      items: Todo[];
    }>().items;
    expect(after.map((todo) => [todo.title, todo.completed]).sort()).toEqual([
      ['Charger', true],
      ['Socks', false],
    ]);
  });

  it('keeps a day the user planned, and says what it could not restore and why', async () => {
    // Grace planned the same day already.
    const fresh = (await app.api.signUpAndVerify('grace@example.com')) ?? '';
    await app.api.get('/api/settings', fresh);
    await send(fresh, 'PATCH', '/api/settings', {
      group: 'preferences',
      key: 'timezone',
      value: 'Europe/Paris',
    });
    await send(fresh, 'POST', '/api/plans', { title: 'Mine', tasks: [{ title: 'Mine too' }] });
    await fillAccount(app.cookie);
    const original = await archiveOf(app.cookie);
    const planDate = original.plans[0]?.planDate ?? '';
    const crafted: Archive = {
      ...original,
      profile: {
        ...original.profile,
        name: '',
        picture: { contentType: 'image/png', base64: 'bm90IGEgcGljdHVyZQ==' },
      },
      settings: {
        ...original.settings,
        // A day that ends before it starts: its end is restored first, its start refused.
        preferences: {
          ...original.settings.preferences,
          timezone: 'Mars/Olympus',
          dayStart: '23:00',
          dayEnd: '21:00',
        },
      },
      savedFilters: [
        ...(original.savedFilters ?? []),
        {
          id: 'broken-filter',
          name: 'Broken',
          color: '#EF4444',
          query: 'today & ',
          position: 2,
          createdAt: original.exportedAt,
          updatedAt: original.exportedAt,
        },
        {
          id: 'nameless-filter',
          name: '  ',
          color: '#EF4444',
          query: 'today',
          position: 3,
          createdAt: original.exportedAt,
          updatedAt: original.exportedAt,
        },
      ],
      plans: [
        ...original.plans,
        {
          ...(original.plans[0] as Archive['plans'][number]),
          id: 'f'.repeat(32),
          planDate: '2026-10-01',
          title: 'x'.repeat(201),
        },
      ],
    };
    const { status } = await importAs(fresh, Buffer.from(JSON.stringify(crafted)));
    expect(status.status).toBe('done');
    expect(status.problems.map((problem) => problem.message)).toEqual([
      'Profile picture not restored: it is not a picture we accept',
      'Profile not restored: Name is required',
      expect.stringMatching(/^Setting "timezone" not restored: /),
      'Saved filter "Broken" not restored: Expected a term after \'&\' at 7',
      'Saved filter "  " not restored: Filter name is required',
      'Setting "dayStart" not restored: Your day must start before it ends',
      `Plan for ${planDate} not restored: you already have a plan that day`,
      'Plan for 2026-10-01 not restored: Plan title must be at most 200 characters',
    ]);
    const profile = (await app.api.get('/api/profile', fresh)).json<{
      name: string;
      pictureUrl: string | null;
    }>();
    expect(profile.pictureUrl).toBeNull();
    expect(profile.name).not.toBe('');
    const plan = (await app.api.get(`/api/plans/by-date/${planDate}`, fresh)).json<{
      plan: { title: string };
    }>();
    expect(plan.plan.title).toBe('Mine');
    const settings = (await app.api.get('/api/settings', fresh)).json<Settings>();
    expect(settings.preferences).toEqual({
      theme: 'dark',
      timezone: 'Europe/Paris',
      weekStart: 'sunday',
      dayStart: '08:00',
      dayEnd: '21:00',
    });
    expect(settings.focus.focusMinutes).toBe(45);
    expect(settings.notifications.review).toBe(true);
  });
});
