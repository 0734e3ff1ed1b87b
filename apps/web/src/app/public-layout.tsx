import { Outlet } from 'react-router';

import { Footer } from '../components/footer';
import { Navbar } from '../components/navbar';
import { OfflineStatus } from '../components/offline-status';
import { RouteTitle } from './document-title';
import { AppScrollRestoration } from './scroll-restoration';

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-blue-700"
      >
        Skip to content
      </a>
      {/* A new page opens at its top (or its #anchor); back and forward return to where the
          visitor was, as a browser does (docs/product/public-site.md). */}
      <AppScrollRestoration />
      <RouteTitle />
      <Navbar />
      <OfflineStatus className="sticky top-16 z-30" />
      <div id="main" className="flex-1">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
