import type { Page } from '@playwright/test';

/** The toast saying `message` (sonner's toasts are list items of the notifications region). */
export const toast = (page: Page, message: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: message });

/**
 * Waits until no toast is still sliding or fading in: a toast is 'visible' from its first frame,
 * but where it sits and how its colours read are known once its transitions have ended.
 */
export async function toastsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
      return animation.playState !== 'running' || !target?.closest('[data-sonner-toaster]');
    }),
  );
}
