import fs from 'node:fs';

import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium: Playwright never downloads a browser of its own.
const CHROMIUM_CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];
const executablePath = CHROMIUM_CANDIDATES.find((file) => file && fs.existsSync(file));
if (!executablePath) {
  throw new Error(
    'End-to-end tests need Chromium. Install it (Debian: `apt-get install -y chromium`) or set CHROMIUM_PATH.',
  );
}

export default defineConfig({
  testDir: 'tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A budget against hangs, not a wait: every step waits for a state. Long flows (sign-up to the
  // dashboard, two browsers, an archive round trip) took 31 s on CI's loaded two cores, so the
  // budget is twice that; the slowest flows still add test.slow().
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    // The production build registers its worker for every visitor (ADR 0019, 2026-11-28), and a
    // page a worker controls escapes page.route; the tests of the worker itself allow it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
