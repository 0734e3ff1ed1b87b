import { MESSAGES } from '@daywise/shared';
import { accountApi } from '@daywise/shared/api/account';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { stubMatchMedia } from '../test/browser';
import { errorResponse, fakeApi } from '../test/fake-api';
import { HomeApp } from './home-app';

const user = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
};

function mainNavigation() {
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

// The home page's own entry has no router around it: a component that needed one would throw here.
describe('the home page on its own entry', () => {
  beforeEach(() => stubMatchMedia());

  it('links to the pages it names with plain anchors, Home marked as the page shown', async () => {
    const api = fakeApi().on(accountApi.session, { user: null });
    render(<HomeApp />);
    expect(await screen.findByRole('heading', { level: 1, name: /Plan your day/ })).toBeVisible();
    const home = mainNavigation().getByRole('link', { name: 'Home' });
    expect(home).toHaveAttribute('href', '/');
    expect(home).toHaveAttribute('aria-current', 'page');
    const about = mainNavigation().getByRole('link', { name: 'About' });
    expect(about).toHaveAttribute('href', '/about');
    expect(about).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(api.requests).toEqual([`GET ${accountApi.session.path}`]);
    expect(document.documentElement.dataset.ready).toBe('true');
  });

  it('offers a signed-in user the dashboard instead of Login and Sign Up', async () => {
    fakeApi().on(accountApi.session, { user });
    render(<HomeApp />);
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('keeps the visitor links when the session cannot be read', async () => {
    const api = fakeApi().on(accountApi.session, () => errorResponse(500, 'INTERNAL'));
    render(<HomeApp />);
    await expect.poll(() => api.requests.length).toBe(1);
    expect(screen.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('tells a user whose account was deleted why they were signed out', async () => {
    fakeApi().on(accountApi.session, { user: null, reason: 'deleted' });
    render(<HomeApp />);
    expect(await screen.findByText(MESSAGES.forcedLogoutDeleted)).toBeVisible();
  });
});
