import type { Page } from '@playwright/test';

/** The toast saying `message` (sonner's toasts are list items of the notifications region). */
export const toast = (page: Page, message: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: message });
