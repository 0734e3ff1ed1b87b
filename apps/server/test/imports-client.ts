import type { ImportPreview, ImportStatus, Todo } from '@daywise/shared/schemas';
import { expect } from 'vitest';

import { SAME_ORIGIN } from './helpers';
import { multipartFile } from './multipart';
import type { SignedInApp } from './signed-in';

interface Named {
  id: string;
  name: string;
}
interface Section extends Named {
  listId: string | null;
  position: number;
}

/**
 * A signed-in user's imports and where they put things: the preview, an import run to its end,
 * and the user's todos, lists and sections as the API answers them.
 */
export function importsClient(app: () => SignedInApp) {
  const get = async <T>(url: string) => (await app().api.get(url, app().cookie)).json<T>();
  const post = (url: string, filename: string, data: Buffer) => {
    const body = multipartFile('file', filename, 'text/csv', data);
    return app().ctx.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...SAME_ORIGIN, cookie: app().cookie },
    });
  };
  const preview = async (filename: string, data: Buffer) =>
    (await post('/api/imports/preview', filename, data)).json<ImportPreview>();
  /** Starts an import and polls its state until it is no longer running. */
  const importFile = async (filename: string, data: Buffer): Promise<ImportStatus> => {
    const started = await post('/api/imports', filename, data);
    expect(started.statusCode).toBe(202);
    const { id } = started.json<ImportStatus>();
    for (;;) {
      const status = await get<ImportStatus>(`/api/imports/${id}`);
      if (status.status !== 'running') {
        return status;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const todos = async () => (await get<{ items: Todo[] }>('/api/todos?limit=100')).items;
  const lists = async () =>
    (await get<{ lists: (Named & { position: number })[] }>('/api/lists')).lists;
  const sections = async () => (await get<{ sections: Section[] }>('/api/sections')).sections;
  const listNames = async () => new Map((await lists()).map((list) => [list.id, list.name]));
  /** Each todo by title: [its list, its section, its parent's title, its order]. */
  const places = async () => {
    const all = await todos();
    const names = await listNames();
    const sectionNames = new Map((await sections()).map((section) => [section.id, section.name]));
    const titles = new Map(all.map((todo) => [todo.id, todo.title]));
    return Object.fromEntries(
      all.map((todo) => [
        todo.title,
        [
          todo.listId === null ? 'Inbox' : names.get(todo.listId),
          todo.sectionId === null ? null : sectionNames.get(todo.sectionId),
          todo.parentId === null ? null : titles.get(todo.parentId),
          todo.order,
        ],
      ]),
    );
  };
  return { post, preview, importFile, todos, lists, sections, listNames, places };
}
