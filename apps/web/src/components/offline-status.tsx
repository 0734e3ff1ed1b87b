import { WifiOff } from 'lucide-react';

import { useOffline } from '../lib/connection';

export const OFFLINE_MESSAGE =
  "You're offline. Changes will not be saved until the connection is back.";

/**
 * The offline notice of the signed-in shell and the public pages
 * (docs/product/README.md#offline-load-failures-and-back-ours). The live region is always there,
 * so that a screen reader announces the text when it appears; it is empty while online.
 * `className` places it (sticky under the header).
 */
export function OfflineStatus({ className = '' }: { className?: string }) {
  const offline = useOffline();
  return (
    <div role="status" className={`empty:hidden ${className}`}>
      {offline && (
        <p className="flex items-center justify-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          <WifiOff aria-hidden className="size-4 shrink-0" />
          {OFFLINE_MESSAGE}
        </p>
      )}
    </div>
  );
}
