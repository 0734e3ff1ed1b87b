import { expect, type Locator, type Page } from '@playwright/test';

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

/**
 * Opens a sidebar row's actions menu (a list's, a saved filter's) from the keyboard and chooses
 * `item`.
 */
export async function chooseByKeyboard(page: Page, trigger: Locator, item: string): Promise<void> {
  // The menus' code comes once the user is there and the browser is idle (ADR 0029): the button
  // is the menu's then.
  await trigger.focus();
  await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
  await expect(trigger).toBeFocused();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const items = menu.getByRole('menuitem');
  const names = await items.allTextContents();
  const target = names.indexOf(item);
  expect(target, `${item} in ${names.join(', ')}`).toBeGreaterThanOrEqual(0);
  // The menu opens on its first item; each arrow goes to the next one not disabled (Move up on
  // the first row is).
  await expect(items.first()).toBeFocused();
  for (let index = 1; index <= target; index += 1) {
    if ((await items.nth(index).getAttribute('data-disabled')) === null) {
      await page.keyboard.press('ArrowDown');
      await expect(items.nth(index)).toBeFocused();
    }
  }
  await expect(items.nth(target)).toBeFocused();
  await page.keyboard.press('Enter');
}
