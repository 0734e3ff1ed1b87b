import { MESSAGES } from '@daywise/shared';
import { notificationsApi } from '@daywise/shared/api';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { errorResponse, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import UnsubscribePage from './unsubscribe-page';

function open(route: string) {
  renderWithProviders(<UnsubscribePage />, { route, path: '/unsubscribe', session: null });
}

describe('UnsubscribePage', () => {
  it('posts the token from the fragment and says the emails are off', async () => {
    const api = fakeApi().on(notificationsApi.unsubscribe, { ok: true });
    open('/unsubscribe#dTE.c2ln');
    expect(await screen.findByText(MESSAGES.unsubscribed)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/notifications/unsubscribe').map((call) => call.body)).toEqual([
      { token: 'dTE.c2ln' },
    ]);
  });

  it('says a link without a token or with a refused one is not valid', async () => {
    fakeApi().on(notificationsApi.unsubscribe, () =>
      errorResponse(400, 'UNSUBSCRIBE_LINK_INVALID', MESSAGES.unsubscribeLinkInvalid),
    );
    open('/unsubscribe#altered');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.unsubscribeLinkInvalid);
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it('offers Try Again when the request fails, and succeeds on the retry', async () => {
    let attempts = 0;
    fakeApi().on(notificationsApi.unsubscribe, () =>
      ++attempts === 1 ? errorResponse(503, 'UNAVAILABLE') : { ok: true as const },
    );
    open('/unsubscribe#dTE.c2ln');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.unsubscribeFailed);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(MESSAGES.unsubscribed)).toBeInTheDocument();
  });
});
