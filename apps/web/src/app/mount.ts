import { type ReactNode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/**
 * Hydrates the page's prerendered HTML in `#root` with `app`, or renders `app` there when the page
 * came empty. As a transition, React does either in slices of a few milliseconds, yielding to the
 * browser between them, instead of one long task that input would wait behind (ADR 0018).
 */
export function mount(app: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) {
    throw new Error('The page has no #root element');
  }
  startTransition(() => {
    if (container.hasChildNodes()) {
      hydrateRoot(container, app);
    } else {
      createRoot(container).render(app);
    }
  });
}
