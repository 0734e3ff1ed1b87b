import '@testing-library/jest-dom/vitest';
// The contracts the app loads on first use (features/auth/api.ts, lib/session.ts), loaded up
// front: a test on fake timers would otherwise wait for a module load that those timers do not
// move.
import '@daywise/shared/api';

import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';

import { checkConsoleErrors, watchConsoleErrors } from './console';
import { assertAllRequestsHandled } from './fake-api';

// findBy* and waitFor wait for a state up to this long: the default second is too short on a
// loaded two-core machine (CI beside other work), and a passing test never waits it out.
configure({ asyncUtilTimeout: 5000 });

// An unexpected console.error fails the test (a test expecting one says so with
// expectConsoleError), and so does a request the fake API had no route for.
beforeEach(() => {
  watchConsoleErrors();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  checkConsoleErrors();
  assertAllRequestsHandled();
});

/** How long sonner keeps a dismissed toast before removing it (its TIME_BEFORE_UNMOUNT). */
const TOAST_REMOVAL_DELAY_MS = 200;

// sonner removes a dismissed toast on a timer its unmount does not clear. One still pending when a
// file ends would fire after the file's window is gone and throw (seen once in CI). Timers fire in
// the order they fall due, so one set now for longer runs after every such removal.
afterAll(async () => {
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, TOAST_REMOVAL_DELAY_MS + 50));
});
