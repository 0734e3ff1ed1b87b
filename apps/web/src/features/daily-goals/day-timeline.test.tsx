import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test/render';
import { DayTimeline, type TimelineBlock } from './day-timeline';

const block = (id: string, title: string, start: number, minutes: number): TimelineBlock => ({
  id,
  kind: 'task',
  title,
  completed: false,
  color: null,
  start,
  minutes,
});

function renderTimeline(blocks: TimelineBlock[]) {
  const onChange = vi.fn();
  renderWithProviders(
    <DayTimeline
      label="Timeline of Saturday"
      dayStart="08:00"
      dayEnd="20:00"
      blocks={blocks}
      onChange={onChange}
    />,
    { session: null },
  );
  return { onChange, user: userEvent.setup() };
}

describe('DayTimeline', () => {
  it('moves a focused block by 15 minutes with the arrow keys, and says so', async () => {
    const { onChange, user } = renderTimeline([block('a', 'Deep work', 9 * 60, 90)]);
    screen.getByRole('button', { name: /^Time block Deep work, 09:00–10:30/ }).focus();

    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: 'a' }),
      expect.objectContaining({ start: 9 * 60 + 15, minutes: 90 }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Deep work moved to 09:15–10:45');

    await user.keyboard('{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.anything(),
      expect.objectContaining({
        start: 8 * 60 + 45,
        minutes: 90,
      }),
    );
  });

  it('changes a block’s length with Shift and the arrow keys, never below 15 minutes', async () => {
    const { onChange, user } = renderTimeline([block('a', 'Deep work', 9 * 60, 15)]);
    screen.getByRole('button', { name: /^Time block Deep work/ }).focus();

    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.anything(),
      expect.objectContaining({ start: 9 * 60, minutes: 30 }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Deep work now 09:00–09:30');

    onChange.mockClear();
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    // Already the shortest: nothing changes, nothing is sent.
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows overlapping blocks side by side and the day’s hours', () => {
    renderTimeline([block('a', 'Deep work', 9 * 60, 60), block('b', 'Call', 9 * 60 + 30, 60)]);
    const first = screen.getByRole('button', { name: /^Time block Deep work/ });
    const second = screen.getByRole('button', { name: /^Time block Call/ });
    expect(first.style.left).toBe('0%');
    expect(second.style.left).toBe('50%');
    expect(first.style.width).toBe('calc(50% - 4px)');
    expect(screen.getByText('08:00')).toBeInTheDocument();
    expect(screen.getByText('19:00')).toBeInTheDocument();
    expect(screen.queryByText('20:00')).toBeNull();
  });

  it('takes a block off the timeline', async () => {
    const { onChange, user } = renderTimeline([block('a', 'Deep work', 9 * 60, 60)]);
    await user.click(screen.getByRole('button', { name: 'Remove from the timeline: Deep work' }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }), null);
  });
});
