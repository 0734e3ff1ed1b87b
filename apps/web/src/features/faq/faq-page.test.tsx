import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test/render';
import FaqPage from './faq-page';

describe('FaqPage search', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function renderPage() {
    renderWithProviders(<FaqPage />);
    return screen.getByRole('searchbox', { name: 'Search questions' });
  }

  it('waits 300 ms after the last keystroke before filtering', () => {
    const search = renderPage();
    const allQuestions = screen.getAllByRole('button', { expanded: false }).length;

    fireEvent.change(search, { target: { value: 'pass' } });
    expect(screen.getByRole('status')).toHaveTextContent('Searching...');
    act(() => {
      vi.advanceTimersByTime(299);
    });
    fireEvent.change(search, { target: { value: 'password' } });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Searching...');
    expect(screen.getAllByRole('button', { expanded: false })).toHaveLength(allQuestions);

    act(() => {
      vi.advanceTimersByTime(1);
    });
    const shown = screen.getAllByRole('button', { expanded: false }).length;
    expect(shown).toBeLessThan(allQuestions);
    expect(screen.getByRole('status')).toHaveTextContent(`Found ${shown} result(s) for "password"`);
  });

  it('says so when nothing matches', () => {
    const search = renderPage();
    fireEvent.change(search, { target: { value: 'zebra crossing' } });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(screen.getByRole('heading', { name: 'No results found' })).toBeInTheDocument();
    expect(
      screen.getByText('Try adjusting your search terms or browse the categories below.'),
    ).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { expanded: false })).toHaveLength(0);
  });
});
