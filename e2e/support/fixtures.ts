import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test as base } from '@playwright/test';

import { type RunningServer, startServer } from './server';

export const test = base.extend<
  { expectNoSeriousA11yViolations: () => Promise<void> },
  { server: RunningServer; serverEnv: Record<string, string> }
>({
  /** More environment for the worker's server: `test.use({ serverEnv: { ... } })` in a spec. */
  serverEnv: [{}, { scope: 'worker', option: true }],
  // One server per worker, so test files in parallel never share a database or a mailbox.
  server: [
    async ({ serverEnv }, use) => {
      const server = await startServer(serverEnv);
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  // page.goto returns once the app is interactive: prerendered HTML shows before React hydrates,
  // and what is done before then is held until it has (ADR 0025, ready-when-visible.spec.ts).
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await expect(page.locator('html[data-ready]')).toHaveCount(1, { timeout: 15_000 });
      return response;
    };
    await use(page);
  },
  expectNoSeriousA11yViolations: async ({ page }, use) => {
    await use(() => expectNoSeriousA11yViolations(page));
  },
});

/** An axe scan of the page as it is now: no serious or critical violation may remain. */
async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
  expect(serious).toEqual([]);
}

export { expect };
