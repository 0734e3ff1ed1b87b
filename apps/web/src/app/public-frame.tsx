import type { ReactNode } from 'react';

import { Footer } from '../components/footer';
import { OfflineStatus } from '../components/offline-status';
import { SkipLink } from '../components/skip-link';

/**
 * What every public page has around its content: the skip link, the navigation bar, the offline
 * notice and the footer. The app's public layout and the home page's own entry both draw it, each
 * with a navigation bar that reads the session its own way (only the bar redraws when it comes).
 */
export function PublicFrame({ navbar, children }: { navbar: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink target="main" />
      {navbar}
      <OfflineStatus className="sticky top-16 z-30" />
      <div id="main" className="flex-1">
        {children}
      </div>
      <Footer />
    </div>
  );
}
