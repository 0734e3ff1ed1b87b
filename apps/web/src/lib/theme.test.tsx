import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../test/render';
import { useTheme } from './theme';

type Listener = (event: { matches: boolean }) => void;

/** A controllable prefers-color-scheme media query. */
function mockSystemTheme(initiallyDark: boolean) {
  const listeners = new Set<Listener>();
  const media = {
    matches: initiallyDark,
    addEventListener: (_: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_: string, listener: Listener) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => media);
  return (dark: boolean) => {
    media.matches = dark;
    listeners.forEach((listener) => listener({ matches: dark }));
  };
}

function Probe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <div>
      <p>
        {theme} / {resolvedTheme}
      </p>
      <button type="button" onClick={() => setTheme('dark')}>
        dark
      </button>
      <button type="button" onClick={() => setTheme('system')}>
        system
      </button>
    </div>
  );
}

describe('useTheme', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('defaults to light even when the OS prefers dark', () => {
    mockSystemTheme(true);
    renderWithProviders(<Probe />);
    expect(screen.getByText('light / light')).toBeInTheDocument();
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('persists a choice and applies it to <html>', async () => {
    mockSystemTheme(false);
    renderWithProviders(<Probe />);
    await userEvent.click(screen.getByRole('button', { name: 'dark' }));
    expect(localStorage.getItem('daywise-theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
  });

  it('follows the OS live in system mode', async () => {
    const setOsDark = mockSystemTheme(false);
    localStorage.setItem('daywise-theme', 'system');
    renderWithProviders(<Probe />);
    expect(screen.getByText('system / light')).toBeInTheDocument();
    act(() => setOsDark(true));
    expect(screen.getByText('system / dark')).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
    await userEvent.click(screen.getByRole('button', { name: 'system' }));
    act(() => setOsDark(false));
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('catches up with an OS change made while the app was loading', () => {
    // theme-init.js set light before the first paint; the OS turned dark before the app started.
    mockSystemTheme(true);
    localStorage.setItem('daywise-theme', 'system');
    renderWithProviders(<Probe />);
    expect(screen.getByText('system / dark')).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
  });

  it('ignores a stored value it does not know', () => {
    mockSystemTheme(false);
    localStorage.setItem('daywise-theme', 'sepia');
    renderWithProviders(<Probe />);
    expect(screen.getByText('light / light')).toBeInTheDocument();
  });
});
