import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { anchorNavigation, Link, NavigationProvider, NavLink } from './link';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'current' : 'other');

function renderAt(pathname: string) {
  render(
    <NavigationProvider value={anchorNavigation(pathname)}>
      <NavLink to="/" end className={linkClass}>
        Home
      </NavLink>
      <NavLink to="/dashboard" className={linkClass}>
        Dashboard
      </NavLink>
      <Link to="/about" className="plain">
        About
      </Link>
    </NavigationProvider>,
  );
}

describe('anchor navigation', () => {
  it('marks the link naming the page shown, and the pages under a link not marked `end`', () => {
    renderAt('/dashboard/todos');
    const home = screen.getByRole('link', { name: 'Home' });
    const dashboard = screen.getByRole('link', { name: 'Dashboard' });
    expect(home).toHaveAttribute('href', '/');
    expect(home).not.toHaveAttribute('aria-current');
    expect(home).toHaveClass('other');
    expect(dashboard).toHaveAttribute('aria-current', 'page');
    expect(dashboard).toHaveClass('current');
  });

  it('marks an `end` link on its own page only, and leaves a look-alike path unmarked', () => {
    renderAt('/');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('renders a plain link as an anchor with its attributes', () => {
    renderAt('/dashboards');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    const about = screen.getByRole('link', { name: 'About' });
    expect(about).toHaveAttribute('href', '/about');
    expect(about).toHaveClass('plain');
  });
});
