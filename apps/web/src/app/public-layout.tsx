import { Link, NavLink, Outlet } from 'react-router';

import { type Navigation, NavigationProvider } from '../components/link';
import { Navbar } from '../components/navbar';
import { useSession } from '../lib/session';
import { RouteTitle } from './document-title';
import { PublicFrame } from './public-frame';
import { AppScrollRestoration } from './scroll-restoration';

/** The site's links, navigating inside the app without loading a page. */
const routerNavigation: Navigation = { Link, NavLink };

function SessionNavbar() {
  const { user } = useSession();
  return <Navbar signedIn={user !== null} />;
}

export function PublicLayout() {
  return (
    <NavigationProvider value={routerNavigation}>
      {/* A new page opens at its top (or its #anchor); back and forward return to where the
          visitor was, as a browser does (docs/product/public-site.md). */}
      <AppScrollRestoration />
      <RouteTitle />
      <PublicFrame navbar={<SessionNavbar />}>
        <Outlet />
      </PublicFrame>
    </NavigationProvider>
  );
}
