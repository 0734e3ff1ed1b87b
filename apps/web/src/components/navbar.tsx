import { CalendarCheck, Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';

import { IconButton } from './button';
import { Link, NavLink } from './link';
import { ThemeToggle } from './theme-toggle';

const NAV_ITEMS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/features', label: 'Features' },
  { to: '/contact', label: 'Contact' },
  { to: '/faq', label: 'FAQ' },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-600 ${
    isActive
      ? 'text-blue-700 dark:text-blue-300'
      : 'text-gray-700 hover:text-blue-700 dark:text-gray-200 dark:hover:text-blue-300'
  }`;

/**
 * The mobile menu's links and buttons are at least 44 px tall, a finger's tap target
 * (docs/product/public-site.md).
 */
const mobileLinkClass = (state: { isActive: boolean }) =>
  `flex min-h-11 items-center ${linkClass(state)}`;
const mobileButtonClass = 'flex min-h-11 flex-1 items-center justify-center rounded-lg px-4 py-2';

const ctaClass =
  'rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md text-lg font-bold text-gray-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-white"
    >
      <CalendarCheck aria-hidden className="size-7 text-blue-600 dark:text-blue-400" />
      Daywise
    </Link>
  );
}

/**
 * Navigation bar: Home, About, Features, Contact, FAQ; Login and Sign Up for
 * visitors, Dashboard for a signed-in user; a theme toggle; a mobile menu that opens and closes.
 */
export function Navbar({ signedIn }: { signedIn: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  // The mobile menu closes when a link in it takes the visitor elsewhere.
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) {
      return;
    }
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/90 backdrop-blur dark:border-gray-800 dark:bg-gray-950/90">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4"
      >
        <Logo />
        <ul className="hidden items-center gap-1 md:flex">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === '/'} className={linkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="hidden items-center gap-2 md:flex">
          <ThemeToggle />
          {signedIn ? (
            <Link to="/dashboard" className={ctaClass}>
              Dashboard
            </Link>
          ) : (
            <>
              <Link
                to="/login"
                className="rounded-md px-3 py-2 text-sm font-medium text-gray-700 hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-gray-200 dark:hover:text-blue-300"
              >
                Login
              </Link>
              <Link to="/signup" className={ctaClass}>
                Sign Up
              </Link>
            </>
          )}
        </div>
        <div className="flex items-center gap-1 md:hidden">
          <ThemeToggle />
          <IconButton
            onClick={() => setMenuOpen((open) => !open)}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            label={menuOpen ? 'Close menu' : 'Open menu'}
            tone="chrome"
          >
            {menuOpen ? (
              <X aria-hidden className="size-6" />
            ) : (
              <Menu aria-hidden className="size-6" />
            )}
          </IconButton>
        </div>
      </nav>
      {menuOpen && (
        <div
          id="mobile-menu"
          className="border-t border-gray-200 px-4 pb-4 md:hidden dark:border-gray-800"
        >
          <ul className="flex flex-col py-2">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  className={mobileLinkClass}
                  onClick={closeMenu}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="flex gap-2">
            {signedIn ? (
              <Link
                to="/dashboard"
                onClick={closeMenu}
                className={`${mobileButtonClass} bg-blue-600 text-center text-sm font-semibold text-white hover:bg-blue-700`}
              >
                Dashboard
              </Link>
            ) : (
              <>
                <Link
                  to="/login"
                  onClick={closeMenu}
                  className={`${mobileButtonClass} border border-gray-300 text-center text-sm font-semibold dark:border-gray-700`}
                >
                  Login
                </Link>
                <Link
                  to="/signup"
                  onClick={closeMenu}
                  className={`${mobileButtonClass} bg-blue-600 text-center text-sm font-semibold text-white hover:bg-blue-700`}
                >
                  Sign Up
                </Link>
              </>
            )}
          </div>
        </div>
      )}
    </header>
  );
}
