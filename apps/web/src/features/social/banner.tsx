import { X } from 'lucide-react';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

import { IconButton } from '../../components/button';

interface BannerState {
  message: string | null;
  show: (message: string) => void;
  dismiss: () => void;
}

const BannerContext = createContext<BannerState | null>(null);

/**
 * The social page's one banner (social banners): a failed change has already rolled
 * back, and the banner says which one failed until it is dismissed or another replaces it.
 */
export function BannerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const dismiss = useCallback(() => setMessage(null), []);
  const value = useMemo(() => ({ message, show: setMessage, dismiss }), [message, dismiss]);
  return <BannerContext value={value}>{children}</BannerContext>;
}

function useBannerState(): BannerState {
  const state = useContext(BannerContext);
  if (!state) {
    throw new Error('The social banner is used outside BannerProvider');
  }
  return state;
}

/** Shows a banner text (replacing the one on screen). */
export function useShowBanner(): (message: string) => void {
  return useBannerState().show;
}

export function Banner({ className = '' }: { className?: string }) {
  const { message, dismiss } = useBannerState();
  if (!message) {
    return null;
  }
  return (
    <div
      role="alert"
      className={`flex items-start justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200 ${className}`}
    >
      <p className="min-w-0 break-words">{message}</p>
      <IconButton
        onClick={dismiss}
        label="Dismiss"
        tone="bare"
        className="-m-1 rounded p-1 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-600 dark:hover:bg-red-900"
      >
        <X aria-hidden className="size-4" />
      </IconButton>
    </div>
  );
}
