import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiRequest } from '../lib/api-client';
import { useRefetchOnReconnect } from '../lib/refetch-on-reconnect';
import { fakeApi } from '../test/fake-api';
import { renderWithProviders } from '../test/render';
import { LoadError } from './load-error';
import { OFFLINE_MESSAGE, OfflineStatus } from './offline-status';

function setBrowserOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

/** A list that reads /api/items, with its Try Again, under the offline notice. */
function Items() {
  useRefetchOnReconnect();
  const query = useQuery({
    queryKey: ['items'],
    queryFn: () => apiRequest<string[]>('/api/items'),
  });
  return (
    <>
      <OfflineStatus />
      {query.isError ? (
        <LoadError
          message="Failed to load items"
          onRetry={() => void query.refetch()}
          className=""
        />
      ) : (
        <p>{query.data?.join(', ')}</p>
      )}
    </>
  );
}

describe('OfflineStatus', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows while the browser is offline, politely', () => {
    renderWithProviders(<OfflineStatus />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    setBrowserOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_MESSAGE);

    setBrowserOnline(true);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows when a request gets no answer, and the list that failed reloads once one does', async () => {
    let reachable = false;
    fakeApi()
      .route('GET', '/api/items', () =>
        reachable ? ['milk'] : Promise.reject(new TypeError('Failed to fetch')),
      )
      .route('GET', '/api/ping', {});
    renderWithProviders(<Items />);

    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_MESSAGE);

    reachable = true;
    await act(() => apiRequest('/api/ping'));

    expect(await screen.findByText('milk')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
