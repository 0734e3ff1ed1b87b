import type { PlanTask } from '@daywise/shared/schemas';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ReminderDialog } from './reminder-dialog';

const TASK = { id: 'k1', title: 'Stretch', reminderTime: null } as PlanTask;
const IN_PAGE = /this reminder will show inside Daywise while it is open/;

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDialog() {
  render(
    <ReminderDialog
      task={TASK}
      saving={false}
      onSave={() => undefined}
      onClose={() => undefined}
    />,
  );
}

describe('ReminderDialog', () => {
  it('without notification permission, says the reminder shows in the page', () => {
    vi.stubGlobal('Notification', { permission: 'denied' });
    renderDialog();
    expect(screen.getByText(IN_PAGE)).toHaveTextContent(/set Notifications to Allow/);
  });

  it('says nothing of it once notifications are allowed', () => {
    vi.stubGlobal('Notification', { permission: 'granted' });
    renderDialog();
    expect(screen.queryByText(IN_PAGE)).not.toBeInTheDocument();
  });
});
