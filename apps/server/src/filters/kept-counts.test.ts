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
    return {
      calls,
      work: {
        plan: async () => {
          calls.push('plan');
          return 'plan';
        },
        everything: async () => {
          calls.push('everything');
          return [] as string[];
        },
        changed: async (_plan: string, kept: string[], ids: readonly string[]) => {
          calls.push(`changed ${ids.join(',')}`);
          kept.push(...ids);
        },
        answer: (_plan: string, kept: string[]) => kept.join(','),
      },
    };
  };
  const kept = () => new KeptCounts<string, string[]>({ bus, ttlMs: 1000, clock: () => time });

  it('tests only the todos a change names, and everything again when it names none', async () => {
    const counts = kept();
    const { calls, work } = counting();
    expect(await counts.read('u1', 'd', work)).toBe('');
    bus.publish(['u1'], { type: 'todos.changed', todoIds: ['a', 'b'] });
    bus.publish(['u2'], { type: 'todos.changed', todoIds: ['c'] });
    bus.publish(['u1'], { type: 'todos.changed', todoIds: ['b'] });
    expect(await counts.read('u1', 'd', work)).toBe('a,b');
    expect(await counts.read('u1', 'd', work)).toBe('a,b');
    bus.publish(['u1'], { type: 'todos.changed' });
    expect(await counts.read('u1', 'd', work)).toBe('');
    expect(calls).toEqual(['plan', 'everything', 'changed a,b', 'everything']);
  });

  it('starts again on a new day, a change to names or filters, a resync and with time', async () => {
    const counts = kept();
    const { calls, work } = counting();
    await counts.read('u1', 'd', work);
    await counts.read('u1', 'e', work);
    bus.publish(['u1'], { type: 'lists.changed' });
    await counts.read('u1', 'e', work);
    bus.publish(['u1'], { type: 'resync' });
    await counts.read('u1', 'e', work);
    time += 1000;
    await counts.read('u1', 'e', work);
    expect(calls.filter((call) => call === 'plan')).toHaveLength(5);
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

  it('keeps nothing worked out across a restart, and what a write names meanwhile is tested', async () => {
    const counts = kept();
    const { calls, work } = counting();
    const first = held<string[]>([]);
    const slow = counts.read('u1', 'd', { ...work, everything: first.step });
    await first.entered;
    bus.publish(['u1'], { type: 'todos.changed', todoIds: ['a'] });
    first.finish();
    expect(await slow).toBe('');
    expect(await counts.read('u1', 'd', work)).toBe('a');
    bus.publish(['u1'], { type: 'todos.changed', todoIds: ['b'] });
    const second = held<undefined>(undefined);
    const again = counts.read('u1', 'd', { ...work, changed: second.step });
    await second.entered;
    bus.publish(['u1'], { type: 'filters.changed' });
    second.finish();
    await again;
    expect(await counts.read('u1', 'd', work)).toBe('');
    await expect(
      counts.read('u1', 'x', { ...work, plan: () => Promise.reject(new Error('down')) }),
    ).rejects.toThrow('down');
    expect(await counts.read('u1', 'x', work)).toBe('');
    expect(calls.filter((call) => call === 'plan')).toHaveLength(3);
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

  /** Each filter's count in the sidebar, and the total of its page. */
  const countsAndPages = async () => {
    const answer = (await app.api.get('/api/filters', app.cookie)).json<SavedFiltersAnswer>();
    const counts = Object.fromEntries(answer.filters.map((f) => [f.query, f.openCount]));
    const pages: Record<string, number> = {};
    for (const query of QUERIES) {
      const page = await app.api.get(
        `/api/todos?status=pending&limit=1&filter=${encodeURIComponent(query)}`,
        app.cookie,
      );
      pages[query] = page.json<{ total: number }>().total;
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
    expect(moved.counts['#Work']).toBe((before.counts['#Work'] ?? 0) - 3);
    for (let step = 0; step < 30; step += 1) {
      const todo = pick(todos);
      const change = pick(['create', 'subtask', 'update', 'move', 'complete', 'delete', 'repeat']);
      if (change === 'create' || todo === undefined) {
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
      if (step === 20) {
        // Lists renamed back and forth, and a day later: counted afresh, then kept again.
        await app.send('PATCH', `/api/lists/${home.id}`, { name: 'Work' });
        app.clock.advance(24 * 60 * 60 * 1000);
      }
      const { counts, pages } = await countsAndPages();
      expect(counts, `step ${step}: ${change}`).toEqual(pages);
    }
  });
});
