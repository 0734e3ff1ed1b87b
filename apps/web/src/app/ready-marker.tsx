import { useEffect } from 'react';

/**
 * Marks the page as interactive (`<html data-ready>`) once React has hydrated or rendered it: the
 * browser tests wait for it before typing, since keys typed into prerendered HTML before then are
 * not seen by React.
 */
export function ReadyMarker() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}
