import { DEFAULT_THEME, type Theme, THEME_STORAGE_KEY, THEMES } from '@daywise/shared';
import { useSyncExternalStore } from 'react';

export type ResolvedTheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();
/** The choice, when the browser refuses localStorage; it then lasts for this visit. */
let unstoredTheme: Theme | undefined;

function readTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return THEMES.find((theme) => theme === stored) ?? unstoredTheme ?? DEFAULT_THEME;
  } catch {
    return unstoredTheme ?? DEFAULT_THEME;
  }
}

function systemIsDark(): boolean {
  return window.matchMedia(DARK_QUERY).matches;
}

function resolve(theme: Theme): ResolvedTheme {
  return theme === 'dark' || (theme === 'system' && systemIsDark()) ? 'dark' : 'light';
}

/**
 * Puts the theme on <html>. This store is the only code that does so after load (public/
 * theme-init.js does it before the first paint), never a React effect: a prerendered page hydrates
 * with the default theme first, and an effect would flash it.
 */
function applyToDocument(): void {
  const resolved = resolve(readTheme());
  document.documentElement.classList.toggle('dark', resolved === 'dark');
  document.documentElement.style.colorScheme = resolved;
}

function apply(): void {
  applyToDocument();
  listeners.forEach((listener) => listener());
}

export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    unstoredTheme = theme;
  }
  apply();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = window.matchMedia(DARK_QUERY);
  // System mode follows the OS live; another tab's choice applies here too.
  const onSystemChange = () => apply();
  const onStorage = (event: StorageEvent) => event.key === THEME_STORAGE_KEY && apply();
  media.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  // The system or another tab may have changed the theme while the app's code was loading, after
  // theme-init.js had set it: <html> is brought up to date as the app starts listening.
  applyToDocument();
  return () => {
    listeners.delete(listener);
    media.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Light, dark or system, persisted in localStorage, default light (docs/product). During
 * prerendering and hydration it reports the default; the real choice follows at once.
 */
export function useTheme(): {
  theme: Theme;
  resolvedTheme: ResolvedTheme;
  setTheme: typeof setTheme;
} {
  const theme = useSyncExternalStore(subscribe, readTheme, () => DEFAULT_THEME);
  const resolvedTheme = useSyncExternalStore(
    subscribe,
    () => resolve(readTheme()),
    (): ResolvedTheme => resolve(DEFAULT_THEME),
  );
  return { theme, resolvedTheme, setTheme };
}
