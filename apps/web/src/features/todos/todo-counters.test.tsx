import { todosApi } from '@daywise/shared/api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { errorResponse, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { TodoCounters } from './todo-counters';

describe('TodoCounters', () => {
  it('says the counts could not load, with a Try Again that fills them in', async () => {
    let fail = true;
    fakeApi().on(todosApi.stats, () =>
      fail
        ? errorResponse(500, 'INTERNAL')
        : { total: 3, completed: 1, pending: 2, completionRate: 33 },
    );
    const { user } = renderWithProviders(<TodoCounters />, { session: null });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your todo counts.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByText('33%')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
