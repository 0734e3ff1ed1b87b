import { act, fireEvent, screen, within } from '@testing-library/react';
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

  it('offers the categories below the hint, and one click shows and focuses that category', () => {
    const search = renderPage();
    const allQuestions = screen.getAllByRole('button', { expanded: false }).length;
    fireEvent.change(search, { target: { value: 'zebra crossing' } });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    const categories = within(screen.getByRole('list', { name: 'Categories' }));
    expect(categories.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'General Questions',
      'Account & Billing',
      'Features & Functionality',
      'Technical Support',
    ]);

    fireEvent.click(categories.getByRole('button', { name: 'Technical Support' }));

    // No debounce to wait for: the emptied box shows every question at once.
    expect(search).toHaveValue('');
    expect(screen.queryByRole('heading', { name: 'No results found' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { expanded: false })).toHaveLength(allQuestions);
    expect(screen.getByRole('status')).toHaveTextContent('');
    const heading = screen.getByRole('heading', { level: 2, name: 'Technical Support' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('region', { name: 'Technical Support' })).toContainElement(heading);
  });
});
