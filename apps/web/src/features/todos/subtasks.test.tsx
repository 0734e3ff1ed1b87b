import { listsApi, sectionsApi, tagsApi, todosApi } from '@daywise/shared/api';
import type { Section, Todo, TodoUpdateInput } from '@daywise/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { errorResponse, fakeApi } from '../../test/fake-api';
import { makeTodo, NO_LISTS } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { pressUndo } from '../../test/toasts';
import ListPage from './list-page';
import { placeInItems } from './use-place-todo';

const SETTINGS = {
  notifications: { email: true, reminders: true },
  privacy: { profileVisibility: 'private', activityTracking: true },
  preferences: { theme: 'system', timezone: 'UTC' },
};

const PARENT = makeTodo({
  id: 'p',
  title: 'Plan the trip',
  subtaskCounts: { open: 2, total: 2, openBelow: 2, totalBelow: 2 },
});
const FIRST = makeTodo({ id: 's1', title: 'Book the train', parentId: 'p', order: 0 });
const SECOND = makeTodo({ id: 's2', title: 'Pack the bags', parentId: 'p', order: 1 });

const section = (id: string, name: string, position: number): Section => ({
  id,
  listId: null,
  name,
  position,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
});

/**
 * A server holding the Inbox's todos and sections, answering as ADR 0027 says: `parent=none` the
 * top-level todos, `parent=<id>` its subtasks; completing sweeps the open subtasks; a PATCH of
 * `order` or `sectionId` is kept as sent. `refuse` makes every PATCH fail.
 */
function stubServer(todos: Todo[], sections: Section[] = [], { refuse = false } = {}) {
  let held = todos;
  let kept = sections;
  const childrenOf = (id: string) => held.filter((other) => other.parentId === id);
  const below = (id: string): Todo[] =>
    childrenOf(id).flatMap((child) => [child, ...below(child.id)]);
  const sweeps = (todo: Todo) => !todo.completed && todo.repeat === null;
  const counts = (todo: Todo) => ({
    open: childrenOf(todo.id).filter((other) => !other.completed).length,
    total: childrenOf(todo.id).length,
    openBelow: below(todo.id).filter(sweeps).length,
    totalBelow: below(todo.id).length,
  });
  const api = fakeApi()
    .route('GET', '/api/settings', SETTINGS)
    .on(listsApi.list, NO_LISTS)
    .on(tagsApi.list, [])
    .on(sectionsApi.remove, ({ params }) => {
      kept = kept.filter((one) => one.id !== params.id);
      held = held.map((todo) =>
        todo.sectionId === params.id ? { ...todo, sectionId: null } : todo,
      );
      return new Response(null, { status: 204 });
    })
    .on(sectionsApi.list, () => ({ sections: kept }))
    .on(sectionsApi.create, ({ body }) => {
      const created = section(
        `sec${kept.length + 1}`,
        (body as { name: string }).name,
        kept.length,
      );
      kept = [...kept, created];
      return created;
    })
    .on(sectionsApi.update, ({ params, body }) => {
      if (refuse) {
        return errorResponse(500, 'INTERNAL');
      }
      const { position } = body as { position: number };
      const moved = kept.find((one) => one.id === params.id) as Section;
      const others = kept.filter((one) => one.id !== params.id);
      others.splice(position, 0, moved);
      kept = others.map((one, index) => ({ ...one, position: index }));
      return kept.find((one) => one.id === params.id) as Section;
    })
    .on(todosApi.list, ({ query }) => {
      const parent = query.get('parent');
      const status = query.get('status');
      const items = held
        .filter((todo) => (parent === 'none' ? todo.parentId === null : todo.parentId === parent))
        .filter((todo) => status === 'all' || todo.completed === (status === 'completed'))
        .map((todo) => ({ ...todo, subtaskCounts: counts(todo) }));
      return { items, nextCursor: null, total: items.length, totalIsLowerBound: false };
    })
    .on(todosApi.create, ({ body }) => {
      const { title, parentId } = body as { title: string; parentId: string };
      const created = makeTodo({ id: `new${held.length}`, title, parentId, order: 9 });
      held = [...held, created];
      return created;
    })
    .on(todosApi.update, ({ params, body }) => {
      if (refuse) {
        return errorResponse(500, 'INTERNAL');
      }
      const change = body as TodoUpdateInput;
      // Completing sweeps the open todos at every level below; un-completing reopens them.
      const under = new Set(below(params.id ?? '').map((todo) => todo.id));
      held = held.map((todo) =>
        todo.id === params.id
          ? ({ ...todo, ...change } as Todo)
          : change.completed !== undefined &&
              under.has(todo.id) &&
              (change.completed ? sweeps(todo) : true)
            ? { ...todo, completed: change.completed }
            : todo,
      );
      const saved = held.find((todo) => todo.id === params.id) as Todo;
      return { ...saved, subtaskCounts: counts(saved) };
    });
  return api;
}

function renderInbox() {
  return renderWithProviders(<ListPage />, {
    route: '/dashboard/lists/inbox',
    path: '/dashboard/lists/:id',
    session: null,
    toaster: true,
  });
}

/** Shows a parent's subtasks (a row stays open across tests, as across redraws). */
async function expand(user: ReturnType<typeof renderInbox>['user'], title: string) {
  const button = await screen.findByRole('button', { name: `Subtasks of "${title}"` });
  if (button.getAttribute('aria-expanded') === 'false') {
    await user.click(button);
  }
  return screen.findByRole('list', { name: `Subtasks of "${title}"` });
}

const row = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

describe('subtasks in rows', () => {
  it("shows a parent's open/total, and its subtasks in their order once expanded", async () => {
    const api = stubServer([PARENT, SECOND, FIRST]);
    const { user } = renderInbox();
    expect(await screen.findByRole('heading', { name: 'Plan the trip' })).toBeInTheDocument();
    // The page reads top-level todos only: the subtasks are under their parent.
    expect(screen.queryByRole('heading', { name: 'Book the train' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/todos').every((call) => call.query.get('parent') === 'none'));
    expect(within(row('Plan the trip')).getByText('2 of 2 subtasks open')).toBeInTheDocument();

    const expand = screen.getByRole('button', { name: 'Subtasks of "Plan the trip"' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);
    expect(expand).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', { name: 'Subtasks of "Plan the trip"' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Book the train', 'Pack the bags']);
    await user.click(expand);
    expect(screen.queryByRole('list', { name: 'Subtasks of "Plan the trip"' })).toBeNull();
  });

  it('asks before completing a parent with open subtasks, completes them all, and one Undo reopens all', async () => {
    const api = stubServer([PARENT, FIRST, SECOND]);
    const { user } = renderInbox();
    await expand(user, 'Plan the trip');

    await user.click(screen.getByRole('checkbox', { name: 'Mark "Plan the trip" as completed' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Complete Todo' });
    expect(dialog).toHaveTextContent('Its 2 open subtasks will be completed with it.');
    expect(api.callsTo('PATCH', '/api/todos/:id')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Complete all' }));

    // The subtasks tick at once, before the server has answered.
    expect(
      await screen.findByRole('checkbox', { name: 'Mark "Book the train" as pending' }),
    ).toBeChecked();
    expect(api.callsTo('PATCH', '/api/todos/:id').map((call) => call.body)).toEqual([
      { completed: true },
    ]);

    await pressUndo(user, 'Todo completed!');
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/todos/:id').map((call) => call.body)).toEqual([
        { completed: true },
        { completed: false },
      ]),
    );
    expect(
      await screen.findByRole('checkbox', { name: 'Mark "Plan the trip" as completed' }),
    ).not.toBeChecked();
  });

  it('cancelling the question leaves the parent and its subtasks open', async () => {
    const api = stubServer([PARENT, FIRST, SECOND]);
    const { user } = renderInbox();
    await user.click(
      await screen.findByRole('checkbox', { name: 'Mark "Plan the trip" as completed' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    // The box was busy while asked; it goes back as it was once its busy time is over.
    await waitFor(() =>
      expect(
        screen.getByRole('checkbox', { name: 'Mark "Plan the trip" as completed' }),
      ).not.toBeChecked(),
    );
    expect(api.callsTo('PATCH', '/api/todos/:id')).toHaveLength(0);
  });

  describe('counting what goes with a parent at every level, as the server does', () => {
    // Move house ─ Pack (done) ─ Books (open, added since); Move house ─ Clean ─ Oven and Fern
    // (repeating, which a completion leaves open).
    const tree = () => [
      makeTodo({ id: 'm', title: 'Move house' }),
      makeTodo({ id: 'pk', title: 'Pack', parentId: 'm', completed: true }),
      makeTodo({ id: 'bk', title: 'Books', parentId: 'pk' }),
      makeTodo({ id: 'cl', title: 'Clean', parentId: 'm', order: 1 }),
      makeTodo({ id: 'ov', title: 'Oven', parentId: 'cl' }),
      makeTodo({
        id: 'fn',
        title: 'Fern',
        parentId: 'cl',
        order: 1,
        dueDate: '2026-11-21',
        repeat: { rule: 'FREQ=WEEKLY', from: 'due' },
      }),
    ];

    it('asks about every open todo below it that completing it completes', async () => {
      const api = stubServer(tree());
      const { user } = renderInbox();
      // Its own: 1 of 2 open; below it, Clean, Oven and Books are completed with it.
      expect(
        await within(await waitFor(() => row('Move house'))).findByText('1 of 2 subtasks open'),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('checkbox', { name: 'Mark "Move house" as completed' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Complete Todo' });
      expect(dialog).toHaveTextContent('Its 3 open subtasks will be completed with it.');
      await user.click(within(dialog).getByRole('button', { name: 'Complete all' }));
      await waitFor(() => expect(api.callsTo('PATCH', '/api/todos/:id')).toHaveLength(1));
    });

    it('asks when only a subtask of a done subtask is open', async () => {
      const todos = tree().filter((todo) => !['cl', 'ov', 'fn'].includes(todo.id));
      stubServer(todos);
      const { user } = renderInbox();
      expect(
        await within(await waitFor(() => row('Move house'))).findByText('0 of 1 subtasks open'),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('checkbox', { name: 'Mark "Move house" as completed' }));
      expect(await screen.findByRole('alertdialog', { name: 'Complete Todo' })).toHaveTextContent(
        'Its open subtask will be completed with it.',
      );
    });

    it('says how many todos deleting it deletes, at every level', async () => {
      stubServer(tree());
      const { user } = renderInbox();
      await user.click(await screen.findByRole('button', { name: 'Delete "Move house"' }));
      expect(await screen.findByRole('alertdialog', { name: 'Delete Todo' })).toHaveTextContent(
        'Its 5 subtasks will be deleted with it.',
      );
    });
  });

  it('moves a subtask down from its menu, and puts it back when the server refuses', async () => {
    const api = stubServer([PARENT, FIRST, SECOND], [], { refuse: true });
    const { user } = renderInbox();
    const list = await expand(user, 'Plan the trip');
    await user.click(within(list).getByRole('button', { name: 'Move "Book the train" to…' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Move up' })).toHaveAttribute(
      'data-disabled',
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Move down' }));
    expect(api.callsTo('PATCH', '/api/todos/:id')[0]?.body).toEqual({ order: 1 });
    expect(await screen.findByText('Failed to move todo')).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Book the train', 'Pack the bags']);
  });

  it('adds a subtask from the edit dialog with Enter, and lists it there', async () => {
    const api = stubServer([makeTodo({ id: 'p', title: 'Plan the trip' })]);
    const { user } = renderInbox();
    await user.click(await screen.findByRole('button', { name: 'Edit "Plan the trip"' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Todo' });
    expect(within(dialog).getByText('No subtasks yet')).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'New subtask' }),
      'Book the train{Enter}',
    );
    expect(await within(dialog).findByText('Book the train')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/todos')[0]?.body).toEqual({
      title: 'Book the train',
      parentId: 'p',
    });
    // Enter added the subtask; the dialog is still open and saved nothing else.
    expect(api.callsTo('PATCH', '/api/todos/:id')).toHaveLength(0);
    expect(within(dialog).getByRole('textbox', { name: 'New subtask' })).toHaveValue('');
  });
});

describe('sections on a list page', () => {
  const LOOSE = makeTodo({ id: 't1', title: 'Buy milk', order: 0 });
  const FILED = makeTodo({ id: 't2', title: 'Call the bank', sectionId: 'a', order: 0 });

  it('groups the todos under their sections, those in none first, and collapses a section', async () => {
    stubServer([FILED, LOOSE], [section('a', 'Errands', 0), section('b', 'Calls', 1)]);
    const { user } = renderInbox();
    const errands = await screen.findByRole('region', { name: /Errands/ });
    expect(within(errands).getByRole('heading', { name: 'Call the bank' })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings.indexOf('Buy milk')).toBeLessThan(
      headings.findIndex((h) => h?.startsWith('Errands')),
    );
    const toggle = within(errands).getByRole('button', { name: /^Errands/ });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('heading', { name: 'Call the bank' })).toBeNull();
  });

  it('adds a section, and moves a todo into it with Move to… and back with Undo', async () => {
    const api = stubServer([LOOSE]);
    const { user } = renderInbox();
    await user.click(await screen.findByRole('button', { name: 'Add section' }));
    await user.type(screen.getByRole('textbox', { name: 'New section name' }), 'Errands{Enter}');
    expect(await screen.findByRole('region', { name: /Errands/ })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/sections')[0]?.body).toEqual({
      listId: null,
      name: 'Errands',
    });

    await user.click(screen.getByRole('button', { name: 'Move "Buy milk" to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Errands' }));
    const errands = screen.getByRole('region', { name: /Errands/ });
    expect(await within(errands).findByRole('heading', { name: 'Buy milk' })).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/todos/:id')[0]?.body).toEqual({ sectionId: 'sec1' });

    await pressUndo(user, 'Moved to Errands');
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/todos/:id')[1]?.body).toEqual({
        sectionId: null,
        order: 0,
      }),
    );
  });

  it('moves a section down from its menu, with Undo, and a refused move goes back', async () => {
    const api = stubServer([], [section('a', 'Errands', 0), section('b', 'Calls', 1)]);
    const { user } = renderInbox();
    const order = () =>
      screen
        .getAllByRole('region')
        .map(
          (region) =>
            region.getAttribute('aria-labelledby') &&
            region.querySelector('h3')?.textContent?.replace(/\s*\(\d+\)$/, ''),
        );
    await user.click(await screen.findByRole('button', { name: 'Actions for section "Errands"' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move down' }));
    await waitFor(() => expect(order().filter(Boolean).slice(-2)).toEqual(['Calls', 'Errands']));
    expect(api.callsTo('PATCH', '/api/sections/:id')[0]?.body).toEqual({ position: 1 });
    await pressUndo(user, 'Section moved');
    await waitFor(() => expect(order().filter(Boolean).slice(-2)).toEqual(['Errands', 'Calls']));
  });

  it('says what deleting a section does to its todos before it does it', async () => {
    stubServer([FILED], [section('a', 'Errands', 0)]);
    const { user } = renderInbox();
    await user.click(await screen.findByRole('button', { name: 'Actions for section "Errands"' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Section' });
    expect(dialog).toHaveTextContent('Its todos stay in this list, in no section.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Errands/ })).toBeNull());
    // Its todo stays on the page, in no section.
    expect(screen.getByRole('heading', { name: 'Call the bank' })).toBeInTheDocument();
  });
});

describe('placeInItems', () => {
  it('closes the gap a todo leaves and opens one where it goes, as the server does', () => {
    const a = makeTodo({ id: 'a', order: 0 });
    const b = makeTodo({ id: 'b', order: 1 });
    const c = makeTodo({ id: 'c', order: 2 });
    const other = makeTodo({ id: 'x', sectionId: 's', order: 0 });
    const moved = placeInItems([a, b, c, other], { todo: a, to: { order: 2 }, said: '' });
    expect(moved.map((todo) => [todo.id, todo.order])).toEqual([
      ['a', 2],
      ['b', 0],
      ['c', 1],
      ['x', 0],
    ]);
    const filed = placeInItems([a, b, c, other], {
      todo: b,
      to: { sectionId: 's', order: 0 },
      said: '',
    });
    expect(filed.map((todo) => [todo.id, todo.sectionId, todo.order])).toEqual([
      ['a', null, 0],
      ['b', 's', 0],
      ['c', null, 1],
      ['x', 's', 1],
    ]);
  });
});
