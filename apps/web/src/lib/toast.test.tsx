import { act, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';

import { loadToasts, notify } from './toast';

describe('notify', () => {
  it('replaces a toast on screen with a repeat of it instead of stacking a copy', async () => {
    await loadToasts();
    render(<Toaster />);
    act(() => {
      notify.success('Setting updated');
      notify.success('Setting updated');
      notify.info('Heads up');
      notify.info('Heads up');
      notify.error('Failed to load todos');
      notify.error('Failed to load todos');
    });
    expect(await screen.findByText('Setting updated')).toBeInTheDocument();
    expect(screen.getAllByText('Setting updated')).toHaveLength(1);
    expect(screen.getAllByText('Heads up')).toHaveLength(1);
    expect(screen.getAllByText('Failed to load todos')).toHaveLength(1);
  });
});
