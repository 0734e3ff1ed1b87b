import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test/render';
import { TodoDialog } from './todo-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TodoDialog reminder switch', () => {
  it('says how to allow notifications when the browser refuses them', async () => {
    const requestPermission = vi.fn().mockResolvedValue('denied');
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    // The switch measures itself; jsdom has no ResizeObserver.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    renderWithProviders(<TodoDialog todo={null} today="2026-11-22" onClose={() => undefined} />, {
      session: null,
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    const toggle = screen.getByRole('switch', { name: 'Set Reminder' });
    await userEvent.click(toggle);

    expect(requestPermission).toHaveBeenCalled();
    expect(toggle).not.toBeChecked();
    const help = await screen.findByRole('alert');
    expect(help).toHaveTextContent(/set Notifications to Allow/);
    expect(help).toHaveTextContent('Reminders still show inside Daywise while it is open.');
  });
});
