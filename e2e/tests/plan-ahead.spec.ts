import type { Page } from '@playwright/test';

import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';

// The user's zone is the browser's (their settings start from it).
test.use({ timezoneId: 'UTC' });

/** Today and tomorrow in UTC, as the server counts them: the browser's clock follows the date. */
function days(): { today: string; tomorrow: string } {
  const now = new Date();
  const tomorrow = new Date(now.getTime() + 24 * 60 * 60 * 1000);
  return { today: now.toISOString().slice(0, 10), tomorrow: tomorrow.toISOString().slice(0, 10) };
}

/** The evening of today: 21:00 in the user's zone. */
async function evening(page: Page, today: string): Promise<void> {
  await page.clock.install({ time: new Date(`${today}T21:00:00Z`) });
}

test.describe('Planning ahead', () => {
  test('in the evening, plan tomorrow in the dialog, see it there, and Back returns to today', async ({
    page,
    server,
  }) => {
    const { today, tomorrow } = days();
    await evening(page, today);
    await createVerifiedUser(page.request, server);
    await page.goto('/dashboard/daily-goals');
    await expect(page.getByRole('heading', { name: 'No Daily Plan Yet' })).toBeVisible();

    await page.getByRole('button', { name: "Create Today's Plan" }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Daily Goal Plan' });
    await expect(dialog.getByLabel('Plan Date')).toHaveValue(today);
    await dialog.getByRole('button', { name: 'Tomorrow' }).click();
    await expect(dialog.getByLabel('Plan Date')).toHaveValue(tomorrow);
    await dialog.getByLabel('Plan Title').fill('Early start');
    await dialog.getByLabel('New task title').fill('Pack the bag');
    await dialog.getByRole('button', { name: 'Add Task' }).click();
    await dialog.getByRole('button', { name: 'Create Plan' }).click();
    await expect(dialog).toBeHidden();

    // The new plan's day is shown, and the address says which.
    await expect(page).toHaveURL(new RegExp(`\\?date=${tomorrow}$`));
    await expect(page.getByRole('heading', { name: 'Early start' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Today', exact: true })).toBeVisible();

    // Back: today, still without a plan.
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard\/daily-goals$/);
    await expect(page.getByRole('heading', { name: 'No Daily Plan Yet' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Today', exact: true })).toBeHidden();

    // Stepping there again, its task ticks as today's would, and a reload keeps the day.
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?date=${tomorrow}$`));
    await page.getByRole('checkbox', { name: 'Mark "Pack the bag" as completed' }).click();
    await expect(page.getByText('1 of 1 tasks (100%)')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Early start' })).toBeVisible();
    await expect(
      page.getByRole('checkbox', { name: 'Mark "Pack the bag" as pending' }),
    ).toBeChecked();

    await page.goBack();
    await expect(page.getByRole('heading', { name: 'No Daily Plan Yet' })).toBeVisible();
    const todays = await page.request.get('/api/plans/today');
    expect(await todays.json()).toEqual({ plan: null });
  });

  test('once today has a plan, Create Plan offers another day: the first free one from tomorrow', async ({
    page,
    server,
  }) => {
    const { today, tomorrow } = days();
    const dayAfter = new Date(`${tomorrow}T00:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    const dayAfterTomorrow = dayAfter.toISOString().slice(0, 10);
    await evening(page, today);
    await createVerifiedUser(page.request, server);
    for (const [planDate, title] of [
      [today, 'Deep work'],
      [tomorrow, 'Early start'],
    ] as const) {
      const planned = await page.request.post('/api/plans', {
        data: { title, planDate, tasks: [{ title: 'Outline' }] },
      });
      expect(planned.ok()).toBe(true);
    }
    await page.goto('/dashboard/daily-goals?tab=create');
    await expect(page.getByRole('heading', { name: 'Today already has a plan' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Plan' })).toBeVisible();

    await page.getByRole('button', { name: 'Create New Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Daily Goal Plan' });
    await expect(dialog.getByLabel('Plan Date')).toHaveValue(dayAfterTomorrow);
    await dialog.getByLabel('Plan Title').fill('Weekend');
    await dialog.getByLabel('New task title').fill('Rest');
    await dialog.getByRole('button', { name: 'Add Task' }).click();
    await dialog.getByRole('button', { name: 'Create Plan' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Weekend' })).toBeVisible();
    const planned = await page.request.get(`/api/plans/by-date/${dayAfterTomorrow}`);
    expect(await planned.json()).toMatchObject({ plan: { title: 'Weekend' } });
  });
});

test.describe('Planning ahead on a phone, in the dark', () => {
  test.use({ viewport: { width: 375, height: 740 }, colorScheme: 'dark' });

  test('the days and the dialog fit the screen and pass axe', async ({
    page,
    server,
    expectNoSeriousA11yViolations,
  }) => {
    const { today, tomorrow } = days();
    await evening(page, today);
    await createVerifiedUser(page.request, server);
    await page.goto(`/dashboard/daily-goals?date=${tomorrow}`);
    const nav = page.getByRole('navigation', { name: 'Days' });
    await expect(nav.getByRole('button', { name: 'Previous day' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Next day' })).toBeVisible();
    const heading = page.getByRole('heading', { name: /^No plan for / });
    await expect(heading).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations();

    // The keyboard reaches the days: Enter on Previous day goes back to today.
    await nav.getByRole('button', { name: 'Previous day' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'No Daily Plan Yet' })).toBeVisible();

    await page.getByRole('button', { name: "Create Today's Plan" }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Daily Goal Plan' });
    await expect(dialog.getByLabel('Plan Date')).toHaveValue(today);
    await expectNoSeriousA11yViolations();
  });
});
