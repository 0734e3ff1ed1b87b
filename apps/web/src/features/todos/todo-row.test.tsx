import type { Todo } from '@daywise/shared/schemas';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../test/render';
import { TodoRow } from './todo-row';

const TODO: Todo = {
  id: 't1',
  title: 'Call mum',
  description: '',
  priority: 'medium',
  dueDate: null,
  reminderTime: '18:30',
  completed: false,
  completedAt: null,
  repeat: null,
  habit: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  tags: [],
  listId: null,
  dueTime: null,
  reminders: [],
  sectionId: null,
  parentId: null,
  order: 0,
  subtaskCounts: { open: 0, total: 0, openBelow: 0, totalBelow: 0 },
  blockDate: null,
  blockStart: null,
  blockMinutes: null,
  estimateMinutes: null,
  focusMinutes: 0,
};

function renderRow(todo: Todo) {
  renderWithProviders(
    <ul>
      <TodoRow
        todo={todo}
        today="2026-11-22"
        timeZone="America/New_York"
        onEdit={() => undefined}
        onDelete={() => undefined}
      />
    </ul>,
    { session: null },
  );
}

describe('TodoRow', () => {
  it('shows a pending todo its reminder time', () => {
    renderRow(TODO);
    expect(screen.getByText('Reminder 6:30 PM')).toBeInTheDocument();
    expect(screen.queryByText(/^Completed /)).not.toBeInTheDocument();
  });

  it('shows the due time and the first reminder, and how many more (ADR 0030)', () => {
    renderRow({
      ...TODO,
      reminderTime: '14:20',
      dueDate: '2026-11-25',
      dueTime: '14:30',
      reminders: [{ before: 10 }, { before: 0 }, { before: 1440 }],
    });
    expect(screen.getByText(/^Due Nov 25, 2026, 2:30 PM$/)).toBeInTheDocument();
    // The day before, at 14:30 in New York, comes first.
    expect(screen.getByText(/^Reminder Nov 24, 2026, 2:30\sPM \(\+2 more\)$/)).toBeInTheDocument();
  });

  it('shows the time alone for a reminder on the due date', () => {
    renderRow({
      ...TODO,
      reminderTime: '14:20',
      dueDate: '2026-11-25',
      dueTime: '14:30',
      reminders: [{ before: 10 }],
    });
    expect(screen.getByText('Reminder 2:20 PM')).toBeInTheDocument();
  });

  it("draws 'Due Today' dark enough for white text", () => {
    renderRow({ ...TODO, dueDate: '2026-11-22' });
    const badge = screen.getByText('Due Today');
    expect(badge).toHaveClass('bg-orange-700', 'text-white');
    expect(badge.className).not.toMatch(/bg-orange-[45]00/);
  });

  it('shows a completed todo the day it was done instead of its reminder', () => {
    // 02:00 UTC on the 22nd is still the 21st in New York.
    renderRow({ ...TODO, completed: true, completedAt: '2026-11-22T02:00:00.000Z' });
    expect(screen.getByText('Completed Nov 21, 2026')).toBeInTheDocument();
    expect(screen.queryByText(/Reminder/)).not.toBeInTheDocument();
    expect(screen.getByText('Created Nov 20, 2026')).toBeInTheDocument();
  });
});
