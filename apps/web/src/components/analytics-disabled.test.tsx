import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../test/render';
import { AnalyticsDisabledPanel } from './analytics-disabled';

function renderPanel(ui: ReactElement) {
  renderWithProviders(ui);
}

describe('AnalyticsDisabledPanel', () => {
  it('names the three benefits and links to the settings', () => {
    renderPanel(<AnalyticsDisabledPanel />);

    expect(screen.getByRole('heading', { name: 'Analytics Disabled' })).toBeInTheDocument();
    expect(screen.getByText(/analytics and activity tracking are disabled/i)).toBeInTheDocument();
    for (const [title, text] of [
      ['Progress Charts', 'Visual task completion'],
      ['Goal Tracking', 'Daily achievements'],
      ['Insights', 'Productivity patterns'],
    ] as const) {
      expect(screen.getByText(title)).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Enable Analytics in Settings' })).toHaveAttribute(
      'href',
      '/dashboard/settings',
    );
  });

  it('takes another title and can leave the link out', () => {
    renderPanel(<AnalyticsDisabledPanel title="Dashboard Analytics Disabled" showLink={false} />);

    expect(
      screen.getByRole('heading', { name: 'Dashboard Analytics Disabled' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
