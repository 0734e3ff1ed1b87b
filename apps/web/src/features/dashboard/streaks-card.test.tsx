import type { DashboardSummary } from '@daywise/shared/schemas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../test/render';
import { expectDrawnStreakIcons } from '../../test/streaks';
import { StreaksCard } from './streaks-card';

const SUMMARY: DashboardSummary = {
  today: { completed: 0, total: 0, percentage: 0 },
  week: { completed: 0 },
  month: { completed: 0 },
  dailyTodos: { completed: 0, total: 0, percentage: 0 },
  dueToday: { dueToday: 0, overdue: 0 },
  currentStreak: 3,
  streaks: [
    {
      id: 's1',
      title: 'Morning run',
      totalCompletions: 5,
      streak: 3,
      lastCompletedDate: '2026-11-21',
    },
  ],
  habits: [
    { todoId: 'w1', title: 'Water plants', streak: 9, best: 9, freezes: 1 },
    { todoId: 'r1', title: 'Pay rent', streak: 2, best: 5, freezes: 0 },
  ],
};

const habits = () =>
  within(screen.getByRole('region', { name: 'Daily Streaks' })).getByRole('region', {
    name: 'Habits',
  });

describe('Daily Streaks: habits beside the plan streaks', () => {
  it('lists each habit with its streak, freezes and best, linking to the todos', () => {
    renderWithProviders(<StreaksCard summary={SUMMARY} />, { session: null });

    expect(screen.getByText('Current streak: 3 days')).toBeInTheDocument();
    expect(screen.getByText('Morning run')).toBeInTheDocument();
    const [water, rent] = within(habits()).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(water).getByRole('link', { name: 'Water plants' })).toHaveAttribute(
      'href',
      '/dashboard/todos',
    );
    const waterStreak = within(water).getByRole('img', { name: 'Streak 9, 1 freeze' });
    expect(waterStreak).toHaveTextContent(/^91$/);
    expectDrawnStreakIcons(waterStreak);
    expect(within(water).getByText('Best 9')).toBeInTheDocument();
    const rentStreak = within(rent).getByRole('img', { name: 'Streak 2' });
    expect(rentStreak).toHaveTextContent(/^2$/);
    expect(rentStreak.querySelector('svg.lucide-flame')).not.toBeNull();
    expect(within(rent).getByText('Best 5')).toBeInTheDocument();
  });

  it('says how to start a habit when there is none', () => {
    renderWithProviders(<StreaksCard summary={{ ...SUMMARY, habits: [] }} />, { session: null });
    expect(
      within(habits()).getByText('No habits yet. Make a todo repeat to start a streak.'),
    ).toBeInTheDocument();
    expect(within(habits()).queryByRole('listitem')).toBeNull();
  });

  it('shows a dash while the summary loads', () => {
    renderWithProviders(<StreaksCard summary={undefined} />, { session: null });
    expect(within(habits()).getByText('–')).toBeInTheDocument();
  });
});
