import { useEffect } from 'react';

/**
 * Marks the page as interactive (`<html data-ready>`) once React has hydrated or rendered it and
 * run its effects (the shortcuts' listeners among them). public/theme-init.js holds what the user
 * clicks, presses and submits until then and gives it to the page at this mark (ADR 0025); the
 * browser tests wait for it to act on the app itself.
 */
export function ReadyMarker() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}
