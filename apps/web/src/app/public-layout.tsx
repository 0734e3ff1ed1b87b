import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

import { Footer } from '../components/footer';
import { Navbar } from '../components/navbar';

/** Scrolls to the top on every route change, or to the #anchor when there is one. */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash]);
  return null;
}

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-blue-700"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <Navbar />
      <div id="main" className="flex-1">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
