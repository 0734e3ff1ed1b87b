import { TOAST_SUCCESS_DURATION_MS, TOAST_UNDO_DURATION_MS } from '@daywise/shared';
import { lazy, useEffect, useId, useSyncExternalStore } from 'react';
import type * as SonnerModule from 'sonner';

type Sonner = typeof SonnerModule;

/**
 * The toast library is loaded with the first toast, not with the page (ADR 0018): most visits
 * show none, and a page's first load carries no toast code. The toaster mounts once it is loaded
 * and shows the toasts asked for before it was.
 */
let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

export function loadToasts(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (module) => {
      sonner = module;
      listeners.forEach((listener) => listener());
      return module;
    },
    (error: unknown) => {
      // Offline, say: the next toast or keystroke tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Loads the library once the visitor types anything, in case no connection is left by the time
 * the form answers: a form that fails offline must still say so (docs/product/public-site.md).
 * Pages nobody types on still load no toast code.
 */
export function loadToastsOnFirstInput(): void {
  const onInput = () => {
    loadToasts().then(
      () => document.removeEventListener('input', onInput, true),
      () => undefined,
    );
  };
  document.addEventListener('input', onInput, true);
}

function withToasts(show: (toast: Sonner['toast']) => void): void {
  if (sonner) {
    show(sonner.toast);
  } else {
    loadToasts().then(
      (module) => show(module.toast),
      () => undefined,
    );
  }
}

/** The library's toaster, to render once `useToastsLoaded` says the library is there. */
export const LoadedToaster = lazy(async () => ({ default: (await loadToasts()).Toaster }));

/** Whether the first toast has loaded the library (never while prerendering). */
export function useToastsLoaded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => sonner !== undefined,
    () => false,
  );
}

/**
 * Where toasts sit: below the sticky header (64 px, `h-16` in the navbar and the dashboard
 * header) and a 16 px gap, so that they never cover Sign Up, the menu or the theme toggle, on a
 * phone as on a desktop (docs/product/public-site.md).
 */
export const TOAST_OFFSET = { top: '80px', right: '16px', left: '16px' } as const;

/**
 * The dialogs open that show their own toasts (DialogToaster), innermost last. A toast with a
 * button (Undo) shown while one is open goes into it, where the keyboard can reach it; other
 * toasts, and every toast when no dialog is open, go to the page's toaster, so that a dialog
 * closing as it says 'Saved' does not take the toast along.
 */
const hosts: string[] = [];

/** Toasts with a button shown in a dialog, to move to the page if the dialog closes first. */
const inDialogs = new Map<
  string,
  { host: string; message: string; action: ToastAction; until: number; onGone?: () => void }
>();

/** Makes the calling dialog a toast host while it is mounted; the toaster's id. */
export function useToastHost(): string {
  const id = `dialog${useId()}`;
  useEffect(() => {
    hosts.push(id);
    return () => {
      hosts.splice(hosts.lastIndexOf(id), 1);
      for (const [toastId, shown] of inDialogs) {
        if (shown.host === id) {
          inDialogs.delete(toastId);
          const left = shown.until - Date.now();
          if (left > 0) {
            showSuccess(
              shown.message,
              { id: toastId, action: shown.action, onGone: shown.onGone },
              left,
            );
          }
        }
      }
    };
  }, [id]);
  return id;
}

/** A button in a toast: sonner renders it as a real button, reachable with Tab. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface SuccessOptions {
  /** Undo, for one: the toast then stays 5 s instead of 3 (docs/product/todos.md, "Undo"). */
  action?: ToastAction;
  /** Replaces the message as the toast's id, so two undoable deletes stack instead of merging. */
  id?: string;
  /**
   * The toast has gone without its button pressed: its time ran out, or its close button or a
   * swipe took it away. Its time stands still while the pointer is on the toasts or the focus in
   * them (components/toaster.tsx), so an undo window ending here waits for the user too.
   */
  onGone?: () => void;
}

/** The Undo button of a toast (docs/product/todos.md, "Undo"). */
export const undoAction = (onClick: () => void): ToastAction => ({ label: 'Undo', onClick });

/**
 * The one toast path : success stays 3 s (5 s with an action), everything else 4 s.
 * A toast's id is its message, so a repeat replaces the one on screen instead of stacking a copy
 * (saving twice, two lists failing to load say it once; docs/product/public-site.md).
 */
function showSuccess(message: string, options: SuccessOptions, duration: number) {
  const id = options.id ?? message;
  const host = options.action ? hosts.at(-1) : undefined;
  const { action, onGone } = options;
  if (host && action) {
    inDialogs.set(id, { host, message, action, until: Date.now() + duration, onGone });
  }
  const forget = () => inDialogs.delete(id);
  const gone = () => {
    forget();
    onGone?.();
  };
  withToasts((toast) =>
    toast.success(message, {
      id,
      duration,
      // Always named, so that a toast moving to the page leaves its dialog's toaster.
      toasterId: host,
      onDismiss: gone,
      onAutoClose: gone,
      ...(action
        ? {
            action: {
              label: action.label,
              onClick: () => {
                forget();
                action.onClick();
              },
            },
          }
        : {}),
    }),
  );
}

export const notify = {
  success: (message: string, options: SuccessOptions = {}) =>
    showSuccess(
      message,
      options,
      options.action ? TOAST_UNDO_DURATION_MS : TOAST_SUCCESS_DURATION_MS,
    ),
  error: (message: string) => withToasts((toast) => toast.error(message, { id: message })),
  info: (message: string) => withToasts((toast) => toast(message, { id: message })),
};

/**
 * Takes a toast off the screen, if it is there: an Undo whose chance has passed must not stay
 * offered, nor a failure that a retry has just put right. Without the library nothing was shown.
 */
export const dismissToast = (id: string) => {
  inDialogs.delete(id);
  if (sonner) {
    sonner.toast.dismiss(id);
  } else {
    void loading?.then(
      (module) => module.toast.dismiss(id),
      () => undefined,
    );
  }
};

/** A toast that shows work in progress until `dismiss` is called with the id `show` gave. */
export const progressToast = {
  show: (message: string) => {
    const id = `progress:${message}`;
    withToasts((toast) => toast.loading(message, { id }));
    return id;
  },
  dismiss: (id: string) => withToasts((toast) => toast.dismiss(id)),
};

/**
 * `promise`, settling no sooner than `ms` from now: contact and feedback (docs/product) take
 * about a second (simulated form delay) while the real request runs alongside.
 */
export async function withMinimumDuration<T>(promise: Promise<T>, ms: number): Promise<T> {
  const [result] = await Promise.all([promise, new Promise((resolve) => setTimeout(resolve, ms))]);
  return result;
}
