import type { List, SavedFiltersAnswer, Tag, Todo } from '@daywise/shared/schemas';
import { describe, expect, it } from 'vitest';

import { ENGINES } from '../../test/helpers';
import { eachSignedIn, type SignedInApp } from '../../test/signed-in';
import { createMemoryBus } from '../realtime/bus';
import { KeptCounts } from './kept-counts';

describe('kept counts', () => {
  const bus = createMemoryBus();
  let time = 0;
  /** Counts what each step is asked: the kept value is the list of todos tested again. */
  const counting = () => {
    const calls: string[] = [];
    let plans = 0;
    return {
      calls,
      work: {
        plan: async () => {
          calls.push('plan');
          plans += 1;
          return `plan ${plans}`;
        },
        everything: async () => {
          calls.push('everything');
          return [] as string[];
        },
        carry: async (before: string, kept: string[], plan: string) => {
          calls.push(`carry ${before} to ${plan}`);
          return kept;
        },
        recount: async (_plan: string, kept: string[]) => {
          calls.push('recount');
          return kept;
        },
        changed: async (_plan: string, kept: string[], ids: readonly string[]) => {
          calls.push(`changed ${ids.join(',')}`);
          kept.push(...ids);
        },
        answer: (plan: string, kept: string[]) => `${plan}: ${kept.join(',')}`,
      },
    };
  };
  const kept = () => new KeptCounts<string, string[]>({ bus, ttlMs: 1000, clock: () => time });

  it('tests only the todos a change names, and everything again when it names none', async () => {
    const counts = kept();
    const { calls, work } = counting();
    expect(await counts.read('u1', 'd', work)).toBe('plan 1: ');
    bus.publish(['u1'], { type: 'todos.changed', todoIds: ['a', 'b'] });
    bus.publish(['u2'], { type: 'todos.changed', todoIds: ['c'] });
    bus.publish(['u1'], { type: 'todos.changed', todoIds: ['b'] });
    expect(await counts.read('u1', 'd', work)).toBe('plan 1: a,b');
    expect(await counts.read('u1', 'd', work)).toBe('plan 1: a,b');
    bus.publish(['u1'], { type: 'todos.changed' });
    expect(await counts.read('u1', 'd', work)).toBe('plan 2: ');
    expect(calls).toEqual(['plan', 'everything', 'changed a,b', 'plan', 'everything']);
  });

  it('plans again on a new day or a change to names or filters, carrying over what holds', async () => {
    const counts = kept();
    const { calls, work } = counting();
    await counts.read('u1', 'd', work);
    bus.publish(['u1'], { type: 'todos.changed', todoIds: ['a'] });
    expect(await counts.read('u1', 'e', work)).toBe('plan 2: a');
    bus.publish(['u1'], { type: 'lists.changed' });
    bus.publish(['u1'], { type: 'todos.changed', todoIds: ['b'] });
    expect(await counts.read('u1', 'e', work)).toBe('plan 3: a,b');
    bus.publish(['u1'], { type: 'filters.changed' });
    expect(await counts.read('u1', 'e', work)).toBe('plan 4: a,b');
    expect(await counts.read('u1', 'e', work)).toBe('plan 4: a,b');
    expect(calls).toEqual([
      'plan',
      'everything',
      'plan',
      'carry plan 1 to plan 2',
      'changed a',
      'plan',
      'carry plan 2 to plan 3',
      'changed b',
      'plan',
      'carry plan 3 to plan 4',
    ]);
  });

  it('counts again after a resync and with time, after the todos waiting', async () => {
    const counts = kept();
    const { calls, work } = counting();
    await counts.read('u1', 'd', work);
    bus.publish(['u1'], { type: 'todos.changed', todoIds: ['a'] });
    bus.publish(['u1'], { type: 'resync' });
    expect(await counts.read('u1', 'd', work)).toBe('plan 2: a');
    time += 999;
    expect(await counts.read('u1', 'd', work)).toBe('plan 2: a');
    time += 1;
    expect(await counts.read('u1', 'd', work)).toBe('plan 3: a');
    expect(calls).toEqual([
      'plan',
      'everything',
      'plan',
      'carry plan 1 to plan 2',
      'changed a',
      'recount',
      'plan',
      'carry plan 2 to plan 3',
      'recount',
    ]);
  });

  /** A step that waits: `entered` settles once it runs, and it ends when `finish` is called. */
  const held = <T>(value: T) => {
    let finish = () => undefined as void;
    let enter = () => undefined as void;
    const entered = new Promise<void>((resolve) => (enter = resolve));
    const step = () => {
      enter();
      return new Promise<T>((resolve) => (finish = () => resolve(value)));
    };
    return { step, entered, finish: () => finish() };
  };

  it('takes what is heard during a read up at the next read', async () => {
    const counts = kept();
    const { calls, work } = counting();
    const first = held<string[]>([]);
    const slow = counts.read('u1', 'd', { ...work, everything: first.step });
    await first.entered;
    bus.publish(['u1'], { type: 'todos.changed', todoIds: ['a'] });
    first.finish();
    expect(await slow).toBe('plan 1: ');
    expect(await counts.read('u1', 'd', work)).toBe('plan 1: a');
    bus.publish(['u1'], { type: 'todos.changed', todoIds: ['b'] });
    const second = held<undefined>(undefined);
    const again = counts.read('u1', 'd', { ...work, changed: second.step });
    await second.entered;
    bus.publish(['u1'], { type: 'filters.changed' });
    second.finish();
    await again;
    expect(await counts.read('u1', 'd', work)).toBe('plan 2: a');
    await expect(
      counts.read('u1', 'x', { ...work, plan: () => Promise.reject(new Error('down')) }),
    ).rejects.toThrow('down');
    // Nothing half done is kept: counted afresh.
    expect(await counts.read('u1', 'x', work)).toBe('plan 3: ');
    // The first fresh read was `first`, not counted here.
    expect(calls.filter((call) => call === 'everything')).toHaveLength(1);
  });
});

/** Deterministic "random" numbers from a seed (mulberry32), so a failure can be replayed. */
function seeded(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
}

/** Every kind of term, counted apart (a list, days, a tag) and together. */
const QUERIES = [
  'today | overdue',
  '#Work',
  '!#Work & p1',
  '@waiting',
  '!@waiting & no date',
  '#Work/Next | @waiting',
  'tomorrow | next 7 days',
  'recurring',
  'subtask',
  'inbox & !p3',
  'search: report',
  'due before: +3d & !p3',
  '!(today | overdue) & !no date',
  'completed',
];

describe.each(ENGINES)('saved filters kept counts on %s', (engine) => {
  let app: SignedInApp;
  eachSignedIn(engine, (signedIn) => (app = signedIn));

  const created = async <T>(url: string, payload: object) => {
    const response = await app.send('POST', url, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<T>();
  };

  /** Each filter's count in the sidebar, and the total of its query's page, by name and query. */
  const countsAndPages = async () => {
    const answer = (await app.api.get('/api/filters', app.cookie)).json<SavedFiltersAnswer>();
    const counts: Record<string, number> = {};
    const pages: Record<string, number> = {};
    for (const filter of answer.filters) {
      const key = `${filter.name}: ${filter.query}`;
      counts[key] = filter.openCount;
      const page = await app.api.get(
        `/api/todos?status=pending&limit=1&filter=${encodeURIComponent(filter.query)}`,
        app.cookie,
      );
      pages[key] = page.json<{ total: number }>().total;
    }
    return { counts, pages };
  };

  it('keeps every count equal to its page as random todos change, fixed seed', async () => {
    const pick = seeded(32);
    const work = await created<List>('/api/lists', { name: 'Work' });
    const home = await created<List>('/api/lists', { name: 'Home' });
    const next = await created<{ id: string }>('/api/sections', { listId: work.id, name: 'Next' });
    const waiting = await created<Tag>('/api/tags', { name: 'waiting', color: '#EF4444' });
    for (const [index, query] of QUERIES.entries()) {
      await created('/api/filters', { name: `Filter ${index}`, query });
    }
    const days = [null, '2026-11-19', '2026-11-21', '2026-11-22', '2026-11-24', '2026-12-30'];
    const places = [
      { listId: null },
      { listId: work.id },
      { listId: work.id, sectionId: next.id },
      { listId: home.id },
    ];
    const fields = () => ({
      ...pick(places),
      dueDate: pick(days),
      priority: pick(['low', 'medium', 'high'] as const),
      tagIds: pick([[], [waiting.id]]),
      title: pick(['Report', 'Call', 'Old report']),
    });
    const todos: Todo[] = [];
    for (let index = 0; index < 8; index += 1) {
      todos.push(await created<Todo>('/api/todos', fields()));
    }
    expect(new Set(Object.values((await countsAndPages()).counts))).not.toEqual(new Set([0]));
    // A todo moved to another list takes its subtasks along, and they leave #Work too.
    const parent = await created<Todo>('/api/todos', { title: 'Parent', listId: work.id });
    const child = await created<Todo>('/api/todos', { title: 'Child', parentId: parent.id });
    await created<Todo>('/api/todos', { title: 'Grandchild', parentId: child.id });
    const before = await countsAndPages();
    expect(before.counts).toEqual(before.pages);
    await app.send('PATCH', `/api/todos/${parent.id}`, { listId: home.id });
    const moved = await countsAndPages();
    expect(moved.counts).toEqual(moved.pages);
    expect(moved.counts['Filter 1: #Work']).toBe((before.counts['Filter 1: #Work'] ?? 0) - 3);
    const { user } = (await app.api.get('/api/account/session', app.cookie)).json<{
      user: { id: string };
    }>();
    // Renamed back and forth: a list, section or tag a filter names or not, as the filters change.
    const renames = [
      { url: `/api/lists/${home.id}`, names: ['Home', 'Home 2'] },
      { url: `/api/lists/${work.id}`, names: ['Work', 'Office'] },
      { url: `/api/sections/${next.id}`, names: ['Next', 'Later'] },
      { url: `/api/tags/${waiting.id}`, names: ['waiting', 'on hold'] },
    ].map((rename) => ({ ...rename, at: 0 }));
    for (let step = 0; step < 45; step += 1) {
      const todo = pick(todos);
      const change = pick([
        'create',
        'subtask',
        'update',
        'move',
        'complete',
        'delete',
        'repeat',
        'rename',
        'filter',
        'resync',
      ]);
      if (change === 'rename') {
        const rename = pick(renames);
        rename.at = 1 - rename.at;
        const response = await app.send('PATCH', rename.url, { name: rename.names[rename.at] });
        expect(response.statusCode, response.body).toBe(200);
      } else if (change === 'filter') {
        // A filter's query changed, one moved, or one deleted and another made.
        const { filters } = (
          await app.api.get('/api/filters', app.cookie)
        ).json<SavedFiltersAnswer>();
        const filter = pick(filters);
        const how = pick(['query', 'move', 'replace']);
        const query = pick([...QUERIES, '#Home', '#"Home 2" | #Office/Later', '@"on hold"']);
        if (filter === undefined || how === 'replace') {
          if (filter !== undefined) {
            await app.send('DELETE', `/api/filters/${filter.id}`);
          }
          await created('/api/filters', { name: `Filter at ${step}`, query });
        } else {
          const body = how === 'query' ? { query } : { position: pick([0, 3, filters.length - 1]) };
          const response = await app.send('PATCH', `/api/filters/${filter.id}`, body);
          expect(response.statusCode, response.body).toBe(200);
        }
      } else if (change === 'resync') {
        // As when the realtime bus reconnects: messages may have been lost, so counted again.
        app.ctx.app.realtime.publish([user.id], { type: 'resync' });
      } else if (change === 'create' || todo === undefined) {
        todos.push(await created<Todo>('/api/todos', fields()));
      } else if (change === 'subtask') {
        // Refused under a todo deleted with its parent, or too deep: nothing changes then.
        const response = await app.send('POST', '/api/todos', {
          title: 'Report part',
          parentId: todo.id,
        });
        if (response.statusCode === 201) {
          todos.push(response.json<Todo>());
        }
      } else if (change === 'delete') {
        // Its subtasks go with it.
        await app.send('DELETE', `/api/todos/${todo.id}`);
        todos.splice(todos.indexOf(todo), 1);
      } else {
        const body =
          change === 'complete'
            ? { completed: pick([true, false]) }
            : change === 'repeat'
              ? { dueDate: '2026-11-21', repeat: { rule: 'FREQ=DAILY', from: 'due' } }
              : change === 'move'
                ? { parentId: null, ...pick(places) }
                : { ...fields(), listId: undefined, sectionId: undefined };
        const response = await app.send('PATCH', `/api/todos/${todo.id}`, body);
        expect([200, 400, 404], response.body).toContain(response.statusCode);
      }
      if (step === 20 || step === 35) {
        // A day later: the filters reading days counted again, the others kept.
        app.clock.advance(24 * 60 * 60 * 1000);
      }
      const { counts, pages } = await countsAndPages();
      expect(counts, `step ${step}: ${change}`).toEqual(pages);
    }
    // Each step reads every filter's page: 45 steps of 14 pages and more.
  }, 90_000);
});
