import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

import { checkConsoleErrors, watchConsoleErrors } from './console';
import { assertAllRequestsHandled } from './fake-api';

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
