import { listsApi } from '@daywise/shared/api';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { fakeApi } from '../test/fake-api';
import { NO_LISTS } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { KeyboardShortcuts } from './dashboard-layout-shortcuts';

const SETTINGS = {
  notifications: { email: true, reminders: true },
  privacy: { profileVisibility: 'private', activityTracking: true },
  preferences: { theme: 'system', timezone: 'UTC' },
};

/** A page with a text field and a row with a checkbox, as the todo list has. */
function Page({ onTick }: { onTick: () => void }) {
  const [done, setDone] = useState(false);
  return (
    <main>
      <h1>Dashboard</h1>
      <input aria-label="Notes" />
      <div contentEditable suppressContentEditableWarning aria-label="Editor" role="textbox">
        text
      </div>
      <ul>
        <li>
          <input
            type="checkbox"
            data-focus-key="todo:1"
            aria-label='Mark "Call mum" as completed'
            checked={done}
            onChange={() => {
              setDone(!done);
              onTick();
            }}
          />
          Call mum
        </li>
      </ul>
    </main>
  );
}

beforeEach(() => {
  // The todo dialog's switch measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

/** The shortcuts as the shell holds them, over pages they lead to. */
function renderShortcuts(onTick = vi.fn(), { browserHistory = false } = {}) {
  fakeApi()
    .route('GET', '/api/settings', SETTINGS)
    .route('GET', '/api/tags', [])
    .on(listsApi.list, NO_LISTS);
  return renderWithProviders(
    <>
      <KeyboardShortcuts />
      <Routes>
        <Route path="/dashboard" element={<Page onTick={onTick} />} />
        <Route path="/dashboard/today" element={<h1>Today</h1>} />
        <Route path="/dashboard/todos" element={<input aria-label="Search todos" />} />
        <Route path="/dashboard/daily-goals" element={<h1>Daily Goals</h1>} />
      </Routes>
    </>,
    { route: '/dashboard', session: null, browserHistory },
  );
}

describe('keyboard shortcuts', () => {
  it('q and the header button open quick add', async () => {
    const { user } = renderShortcuts();
    await user.keyboard('q');
    expect(await screen.findByRole('dialog', { name: 'Quick add' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Quick add' }));
    expect(await screen.findByRole('dialog', { name: 'Quick add' })).toBeInTheDocument();
  });

  it('n opens a new todo and ? lists the shortcuts', async () => {
    const { user } = renderShortcuts();
    await user.keyboard('n');
    expect(await screen.findByRole('dialog', { name: 'Create New Todo' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help).toHaveTextContent('Quick add a todoq');
    expect(help).toHaveTextContent('Go to Todaygthent');
    expect(help).toHaveTextContent('Complete the focused todo or taskx');
  });

  it('g then t goes to Today, g then o to Todos', async () => {
    const { user } = renderShortcuts();
    await user.keyboard('gt');
    expect(await screen.findByRole('heading', { name: 'Today' })).toBeInTheDocument();
    await user.keyboard('go');
    expect(await screen.findByRole('textbox', { name: 'Search todos' })).toBeInTheDocument();
  });

  it('g then t just after Escape closed a dialog stays on Today', async () => {
    const { user } = renderShortcuts(vi.fn(), { browserHistory: true });
    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    // The dialog's history entry, which closing it without Back takes off again.
    await waitFor(() => expect(window.history.state).toHaveProperty('daywiseDialogs'));
    // Holds that step back, as a busy browser does, while the shortcut is pressed.
    const go = window.history.go.bind(window.history);
    const held = vi.spyOn(window.history, 'go');
    const stepBack = new Promise<() => void>((resolve) => {
      held.mockImplementation((delta) => resolve(() => go(delta)));
    });
    await user.keyboard('{Escape}');
    const takeStep = await stepBack;
    await user.keyboard('gt');
    held.mockRestore();
    takeStep();

    expect(await screen.findByRole('heading', { name: 'Today' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/today'));
    expect(window.history.state).not.toHaveProperty('daywiseDialogs');
    // Back returns to the page behind the dialog, not to the dialog's entry.
    window.history.back();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(window.history.state).not.toHaveProperty('daywiseDialogs');
  });

  it('g then d goes to Daily Goals, and / to the todo search with the focus in it', async () => {
    const { user } = renderShortcuts();
    await user.keyboard('gd');
    expect(await screen.findByRole('heading', { name: 'Daily Goals' })).toBeInTheDocument();
    await user.keyboard('/');
    const search = await screen.findByRole('textbox', { name: 'Search todos' });
    await waitFor(() => expect(search).toHaveFocus());
    expect(search).toHaveValue('');
  });

  it('x completes the todo whose row has the focus', async () => {
    const onTick = vi.fn();
    const { user } = renderShortcuts(onTick);
    const box = screen.getByRole('checkbox', { name: 'Mark "Call mum" as completed' });
    box.focus();
    await user.keyboard('x');
    expect(onTick).toHaveBeenCalledTimes(1);
    expect(box).toBeChecked();
    // Done already: x does not undo it.
    await user.keyboard('x');
    expect(onTick).toHaveBeenCalledTimes(1);
  });

  it('never fires while the user types in a field or a dialog is open', async () => {
    const onTick = vi.fn();
    const { user } = renderShortcuts(onTick);
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    await user.click(notes);
    await user.keyboard('qn?gt/x');
    expect(notes).toHaveValue('qn?gt/x');
    const editor = screen.getByRole('textbox', { name: 'Editor' });
    await user.click(editor);
    await user.keyboard('q');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();

    editor.blur();
    await user.keyboard('q');
    const quickAdd = await screen.findByRole('dialog', { name: 'Quick add' });
    // In the dialog's own field, and with the dialog open, n and ? type.
    await user.keyboard('n?');
    expect(screen.getByRole('combobox', { name: 'Todo' })).toHaveValue('n?');
    expect(screen.getAllByRole('dialog')).toEqual([quickAdd]);
    expect(onTick).not.toHaveBeenCalled();
  });
});
