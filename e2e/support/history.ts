import { expect, type Page } from '@playwright/test';

/**
 * Reloads once the history entries of dialogs just closed are off the history. A dialog closed
 * without Back takes its entry off with an asynchronous step back (the app's
 * components/use-close-on-back.ts); a reload asked for while that step is on its way is aborted
 * by it (net::ERR_ABORTED). A person pressing reload is never that quick.
 */
export async function reloadAfterDialogs(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () => (window.history.state as { daywiseDialogs?: unknown } | null)?.daywiseDialogs ?? null,
      ),
    )
    .toBeNull();
  await page.reload();
}
