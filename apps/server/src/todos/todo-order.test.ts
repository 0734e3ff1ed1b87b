import { describe, expect, it } from 'vitest';

import { ENGINES } from '../../test/helpers';
import { eachSignedIn, type SignedInApp } from '../../test/signed-in';

/*
 * `GET /api/todos?sort=order`: the user's own order (ADR 0027, 2026-11-28), a page at a time.
 */

interface Page {
  items: { id: string; title: string }[];
  nextCursor: string | null;
  total: number;
}

describe.each(ENGINES)('todos in the user’s order on %s', (engine) => {
  let app: SignedInApp;
  eachSignedIn(engine, (signedIn) => (app = signedIn));

  const created = async (url: string, payload: object): Promise<string> => {
    const response = await app.send('POST', url, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const patch = async (url: string, payload: object) => {
    const response = await app.send('PATCH', url, payload);
    expect(response.statusCode, response.body).toBe(200);
  };
  const get = (query: string) => app.api.get(`/api/todos?${query}`, app.cookie);
  /** Every page of the query in turn, two todos a page: the titles, and each page's total. */
  const walk = async (query: string) => {
    const titles: string[] = [];
    const totals = new Set<number>();
    let cursor: string | null = null;
    do {
      const response = await get(`${query}&sort=order&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<Page>();
      titles.push(...page.items.map((todo) => todo.title));
      totals.add(page.total);
      cursor = page.nextCursor;
    } while (cursor);
    return { titles, totals: [...totals] };
  };

  /**
   * A list 'Work' with two sections, 'Later' moved before 'Soon', todos in each and in none, some
   * moved within their group, one with subtasks; a list 'Home' after it; a todo in the Inbox.
   */
  const arranged = async () => {
    const work = await created('/api/lists', { name: 'Work' });
    const home = await created('/api/lists', { name: 'Home' });
    const soon = await created('/api/sections', { listId: work, name: 'Soon' });
    const later = await created('/api/sections', { listId: work, name: 'Later' });
    await patch(`/api/sections/${later}`, { position: 0 });
    const todo = (title: string, place: object) => created('/api/todos', { title, ...place });
    await todo('Loose one', { listId: work });
    const looseTwo = await todo('Loose two', { listId: work });
    await patch(`/api/todos/${looseTwo}`, { order: 0 });
    await todo('Soon one', { listId: work, sectionId: soon });
    await todo('Soon two', { listId: work, sectionId: soon });
    const laterOne = await todo('Later one', { listId: work, sectionId: later });
    await todo('First step', { parentId: laterOne });
    const second = await todo('Second step', { parentId: laterOne });
    await patch(`/api/todos/${second}`, { order: 0 });
    await todo('Water the plants', { listId: home });
    await todo('Call the bank', {});
    return { work, laterOne };
  };

  it('pages a list’s top-level todos in its sections’ order, each by the todos’ order', async () => {
    const { work, laterOne } = await arranged();
    // Those in no section first, then 'Later' (moved first), then 'Soon'.
    expect(await walk(`list=${work}&parent=none`)).toEqual({
      titles: ['Loose two', 'Loose one', 'Later one', 'Soon one', 'Soon two'],
      totals: [5],
    });
    // A todo's subtasks in their order.
    expect((await walk(`parent=${laterOne}`)).titles).toEqual(['Second step', 'First step']);
    // Every top-level todo: the Inbox's, then each list's in the lists' order.
    expect((await walk('parent=none')).titles).toEqual([
      'Call the bank',
      'Loose two',
      'Loose one',
      'Later one',
      'Soon one',
      'Soon two',
      'Water the plants',
    ]);
    // With the other filters, and past a change between pages.
    const first = (await get(`list=${work}&parent=none&sort=order&limit=3`)).json<Page>();
    expect(first.items.map((todo) => todo.title)).toEqual(['Loose two', 'Loose one', 'Later one']);
    await patch(`/api/todos/${first.items[0]?.id}`, { completed: true });
    const rest = (
      await get(`list=${work}&parent=none&status=pending&sort=order&cursor=${first.nextCursor}`)
    ).json<Page>();
    expect(rest.items.map((todo) => todo.title)).toEqual(['Soon one', 'Soon two']);
  });

  it('refuses a cursor that is not this order’s with 400 on the field', async () => {
    const { work } = await arranged();
    const forged = (text: string) => Buffer.from(text).toString('base64url');
    const byCreation = (await get('limit=1')).json<Page>().nextCursor ?? '';
    const inOrder = (await get('sort=order&limit=1')).json<Page>().nextCursor ?? '';
    for (const [sort, cursor] of [
      ['order', byCreation],
      ['order', forged('order|0|0|0')],
      ['order', forged('order|x|0|0|abc')],
      ['order', forged('order|0|-2|0|abc')],
      ['order', forged('order|0|0|-1|abc')],
      ['order', forged('order|0|0|99999999999|abc')],
      ['order', forged("order|0|0|0|abc' or 1=1")],
      ['order', forged('order|0|0|0|abc|more')],
      ['order', 'not base64 at all'],
      ['created', inOrder],
      ['due', inOrder],
    ] as const) {
      const refused = await get(`list=${work}&sort=${sort}&cursor=${encodeURIComponent(cursor)}`);
      expect(refused.statusCode, `${sort} ${cursor}`).toBe(400);
      expect(refused.json()).toMatchObject({
        error: {
          code: 'VALIDATION_FAILED',
          message: 'The list position is not valid.',
          fields: { cursor: 'The list position is not valid.' },
        },
      });
    }
    // A cursor of its own, made up but well formed, is a place in the order like any other: here
    // after the first todo in no section of the first list (ids are hex, 'z' after any).
    const madeUp = forged('order|0|-1|0|z');
    const after = await get(`list=${work}&parent=none&sort=order&cursor=${madeUp}`);
    expect(after.statusCode).toBe(200);
    expect(after.json<Page>().items.map((todo) => todo.title)).toEqual([
      'Loose one',
      'Later one',
      'Soon one',
      'Soon two',
    ]);
  });
});
