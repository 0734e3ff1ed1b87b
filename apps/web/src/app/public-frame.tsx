import type { ReactNode } from 'react';

import { Footer } from '../components/footer';
import { OfflineStatus } from '../components/offline-status';

/**
 * What every public page has around its content: the skip link, the navigation bar, the offline
 * notice and the footer. The app's public layout and the home page's own entry both draw it, each
 * with a navigation bar that reads the session its own way (only the bar redraws when it comes).
 */
export function PublicFrame({ navbar, children }: { navbar: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-blue-700"
      >
        Skip to content
      </a>
      {navbar}
      <OfflineStatus className="sticky top-16 z-30" />
      <div id="main" className="flex-1">
        {children}
      </div>
      <Footer />
    </div>
  );
}
