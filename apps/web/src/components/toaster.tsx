import { TOAST_DURATION_MS } from '@daywise/shared';
import { type ComponentProps, Suspense, useEffect } from 'react';
import { createPortal } from 'react-dom';

import { useTheme } from '../lib/theme';
import { LoadedToaster, TOAST_OFFSET, useToastHost, useToastsLoaded } from '../lib/toast';

type ToasterProps = ComponentProps<typeof LoadedToaster>;

/** The library's toaster, as every one looks. */
function Loaded(props: Pick<ToasterProps, 'id' | 'theme'>) {
  return (
    <Suspense fallback={null}>
      <LoadedToaster
        duration={TOAST_DURATION_MS}
        position="top-right"
        offset={TOAST_OFFSET}
        mobileOffset={TOAST_OFFSET}
        richColors
        closeButton
        {...props}
      />
    </Suspense>
  );
}

const toasterOf = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLElement>('[data-sonner-toaster]') : null;

/**
 * A toast's time stands still while the keyboard focus is in the toasts, as it does while the
 * pointer is on them: an Undo reached with Tab must not go while it is read (WCAG 2.2.1,
 * docs/product/todos.md, "Undo"). The library pauses for the pointer only, so the focus tells it
 * the pointer came (its toaster listens for mousemove) and, once the focus has left and the
 * pointer is not there, that it went (mouseout).
 */
function usePauseWhileFocused() {
  useEffect(() => {
    const focusIn = (event: FocusEvent) => {
      const toaster = toasterOf(event.target);
      if (toaster && toaster !== toasterOf(event.relatedTarget)) {
        toaster.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
      }
    };
    const focusOut = (event: FocusEvent) => {
      const toaster = toasterOf(event.target);
      if (toaster && toaster !== toasterOf(event.relatedTarget) && !toaster.matches(':hover')) {
        toaster.dispatchEvent(
          new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }),
        );
      }
    };
    document.addEventListener('focusin', focusIn);
    document.addEventListener('focusout', focusOut);
    return () => {
      document.removeEventListener('focusin', focusIn);
      document.removeEventListener('focusout', focusOut);
    };
  }, []);
}

/**
 * The page's toaster: a child of <body>, not of the app's root, since a modal dialog hides
 * everything beside it from assistive technology and the pointer, and a toast shown while one is
 * open must stay readable and clickable.
 */
export function Toaster() {
  const { resolvedTheme } = useTheme();
  usePauseWhileFocused();
  // Rendered once the first toast has loaded the library (lib/toast.ts); never when prerendering.
  if (!useToastsLoaded()) {
    return null;
  }
  return createPortal(<Loaded theme={resolvedTheme} />, document.body);
}

/**
 * A dialog's own toaster, inside it: while the dialog is open its focus trap keeps the keyboard
 * in it, so a toast's Undo must be in it too to be reached with Tab (WCAG 2.1.1). It shows where
 * the page's toasts do (the dialog is not transformed, so `fixed` still means the window), in the
 * theme of the page under it, which cannot change while the dialog is open.
 */
export function DialogToaster() {
  const host = useToastHost();
  if (!useToastsLoaded()) {
    return null;
  }
  const dark = document.documentElement.classList.contains('dark');
  return <Loaded id={host} theme={dark ? 'dark' : 'light'} />;
}
