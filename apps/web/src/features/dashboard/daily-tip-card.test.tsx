import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from 'vitest';

import { renderWithProviders } from '../../test/render';
import { loadQuotes } from './daily-tip';
import { DailyTipCard } from './daily-tip-card';
import { QUOTES } from './quotes';
import { TIPS } from './tips';

function entry<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) {
    throw new Error(`No entry ${index}`);
  }
  return value;
}

describe('DailyTipCard', () => {
  let random: MockInstance<() => number>;

  // The quotations come in their own chunk (loadQuotes): fetched before the clock is faked, so a
  // slow first import does not count against the waits below.
  beforeAll(async () => {
    await loadQuotes();
  });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    random = vi.spyOn(Math, 'random');
  });

  afterEach(() => {
    random.mockRestore();
    vi.useRealTimers();
  });

  it('shows the tip of the day with a Get New Tip button', async () => {
    vi.setSystemTime(new Date(2026, 0, 1, 9));
    renderWithProviders(<DailyTipCard />);

    expect(screen.getByRole('heading', { level: 2, name: 'Tip of the Day' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tip of the Day' })).toBeInTheDocument();
    expect(await screen.findByText(entry(TIPS, 1))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get New Tip' })).toBeInTheDocument();
    expect(screen.queryByRole('blockquote')).not.toBeInTheDocument();
  });

  it('shows the quote of the day as a figure with its author, every third day', async () => {
    vi.setSystemTime(new Date(2026, 0, 3, 9));
    const quote = entry(QUOTES, 3);
    renderWithProviders(<DailyTipCard />);

    expect(screen.getByRole('heading', { level: 2, name: 'Quote of the Day' })).toBeInTheDocument();
    const figure = await screen.findByRole('figure');
    expect(screen.getByRole('blockquote')).toHaveTextContent(quote.text);
    expect(figure.querySelector('figcaption')).toHaveTextContent(`— ${quote.from}`);
    expect(screen.getByRole('button', { name: 'Get New Quote' })).toBeInTheDocument();
  });

  it('replaces the text on demand and switches the label between tip and quote', async () => {
    vi.setSystemTime(new Date(2026, 0, 1, 9));
    const { container } = renderWithProviders(<DailyTipCard />);
    const live = container.querySelector('[aria-live="polite"]');
    await waitFor(() => expect(live).toHaveTextContent(entry(TIPS, 1)));

    // Below 0.4: a quote, the first one.
    random.mockReturnValueOnce(0.1).mockReturnValueOnce(0);
    fireEvent.click(screen.getByRole('button', { name: 'Get New Tip' }));
    const quote = entry(QUOTES, 0);
    await waitFor(() => expect(live).toHaveTextContent(quote.text));
    expect(live).toHaveTextContent(`— ${quote.from}`);
    expect(screen.getByRole('heading', { level: 2, name: 'Quote of the Day' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get New Tip' })).not.toBeInTheDocument();

    // The same draw again moves on to the next quote rather than repeating it.
    random.mockReturnValueOnce(0.1).mockReturnValueOnce(0);
    fireEvent.click(screen.getByRole('button', { name: 'Get New Quote' }));
    await waitFor(() => expect(live).toHaveTextContent(entry(QUOTES, 1).text));

    // At or above 0.4: a tip.
    random.mockReturnValueOnce(0.4).mockReturnValueOnce(0);
    fireEvent.click(screen.getByRole('button', { name: 'Get New Quote' }));
    await waitFor(() => expect(live).toHaveTextContent(entry(TIPS, 0)));
    expect(screen.getByRole('heading', { level: 2, name: 'Tip of the Day' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get New Tip' })).toBeInTheDocument();
    expect(random).toHaveBeenCalledTimes(6);
  });
});
