import { Moon, Sun } from 'lucide-react';

import { useTheme } from '../lib/theme';
import { IconButton } from './button';

/** Flips between light and dark (Navigation bar). */
export function ThemeToggle() {
  const { resolvedTheme, setTheme } = useTheme();
  const next = resolvedTheme === 'dark' ? 'light' : 'dark';
  return (
    <IconButton
      onClick={() => setTheme(next)}
      label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      tone="chrome"
    >
      {resolvedTheme === 'dark' ? (
        <Sun aria-hidden className="size-5" />
      ) : (
        <Moon aria-hidden className="size-5" />
      )}
    </IconButton>
  );
}
