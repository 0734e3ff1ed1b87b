import type { DashboardSummary } from '@daywise/shared/schemas';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { StatCards } from './stat-cards';

const card = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement;

describe('StatCards', () => {
  it('says what Today and Daily Todos each count', () => {
    const summary = {
      today: { completed: 3, total: 5, percentage: 60 },
      week: { completed: 4 },
      month: { completed: 9 },
      dailyTodos: { completed: 2, total: 8, percentage: 25 },
      dueToday: { dueToday: 3, overdue: 0 },
    } as DashboardSummary;
    render(<StatCards summary={summary} />);
    expect(card('Today')).toHaveTextContent('3/560% of today’s plan');
    expect(card('Daily Todos')).toHaveTextContent('2/825% of todos added today');
    expect(card('This Week')).toHaveTextContent('4tasks completed');
    expect(card('Due Today')).toHaveTextContent('3todos due today');
  });

  it('counts the overdue todos beside the ones due today', () => {
    const summary = {
      today: { completed: 0, total: 0, percentage: 0 },
      week: { completed: 0 },
      month: { completed: 0 },
      dailyTodos: { completed: 0, total: 0, percentage: 0 },
      dueToday: { dueToday: 1, overdue: 2 },
    } as DashboardSummary;
    render(<StatCards summary={summary} />);
    expect(card('Due Today')).toHaveTextContent('12 overdue');
  });
});
