import { MESSAGES } from '@daywise/shared';
import type { SessionState } from '@daywise/shared/schemas';
import type { DehydratedState } from '@tanstack/react-query';
import { useEffect } from 'react';

import { notify } from './toast';

/**
 * Where a signed-in page drawn by the server carries what it read to draw it, the session first
 * (`<script type="application/json">`, entry-server.tsx), so that the browser starts from the same
 * reads instead of making them again (ADR 0018).
 */
export const INLINE_STATE_ID = 'daywise-state';

/** What the server read to draw this page, if it drew it. */
export function readInlineState(): DehydratedState | undefined {
  const text = document.getElementById(INLINE_STATE_ID)?.textContent;
  return text ? (JSON.parse(text) as DehydratedState) : undefined;
}

/**
 * Tells a user why the server ended their session, when it says so: their account was deleted,
 * or is gone (docs/product/accounts.md#sessions).
 */
export function useEndedSessionNotice(reason: SessionState['reason']): void {
  useEffect(() => {
    if (reason === 'deleted') {
      notify.error(MESSAGES.forcedLogoutDeleted);
    } else if (reason === 'not-found') {
      notify.error(MESSAGES.forcedLogoutNotFound);
    }
  }, [reason]);
}
