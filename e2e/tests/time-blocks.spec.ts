import { createVerifiedUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';

// The browser's zone is the user's: blocks are kept and shown in it.
test.use({ locale: 'en-US', timezoneId: 'UTC' });

test.describe('Time blocks', () => {
  test('a task given a block and dragged on the timeline keeps its time, in the week and the feed', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    const { date: today } = (await (await page.request.get('/api/agenda/today')).json()) as {
      date: string;
    };
    const created = await page.request.post('/api/plans', {
      data: { title: 'Focus day', planDate: today, tasks: [{ title: 'Deep work' }] },
    });
    expect(created.status()).toBe(201);

    await page.goto('/dashboard/daily-goals');
    const timeline = page.getByRole('group', { name: /^Timeline of / });
    await expect(timeline).toBeVisible();
    await page.getByRole('button', { name: 'Schedule "Deep work" on the timeline' }).click();
    // The first free half hour from the day's start (08:00 by default).
    const block = timeline.getByRole('button', { name: /^Time block Deep work, / });
    await expect(block).toHaveAccessibleName(/^Time block Deep work, 08:00–08:30/);

    // Dragged two hours down (an hour is 48 px).
    const box = await block.boundingBox();
    if (!box) {
      throw new Error('The block has no box');
    }
    await page.mouse.move(box.x + box.width / 3, box.y + box.height / 3);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 3, box.y + box.height / 3 + 48, { steps: 4 });
    await page.mouse.move(box.x + box.width / 3, box.y + box.height / 3 + 96, { steps: 4 });
    await page.mouse.up();
    await expect(block).toHaveAccessibleName(/^Time block Deep work, 10:00–10:30/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Deep work moved to 10:00–10:30' }),
    ).toBeAttached();

    // The keyboard gives it 15 minutes more.
    await block.focus();
    await page.keyboard.press('Shift+ArrowDown');
    await expect(block).toHaveAccessibleName(/^Time block Deep work, 10:00–10:45/);

    // Kept by the server: a reload shows the new time.
    await expect
      .poll(async () => {
        const plan = (await (await page.request.get(`/api/plans/by-date/${today}`)).json()) as {
          plan: { tasks: { blockStart: string | null; blockMinutes: number | null }[] };
        };
        return plan.plan.tasks[0];
      })
      .toMatchObject({ blockStart: '10:00', blockMinutes: 45 });
    await page.reload();
    await expect(
      page
        .getByRole('group', { name: /^Timeline of / })
        .getByRole('button', { name: /^Time block Deep work, 10:00–10:45/ }),
    ).toBeVisible();

    // The calendar's week shows it at its time.
    await page.goto(`/dashboard/calendar?view=week&day=${today}`);
    await expect(page.getByRole('listitem', { name: 'Deep work, 10:00–10:45' })).toBeVisible();

    // The feed holds it as an event with a start and an end.
    const feed = await page.request.post('/api/calendar-feed/rotate');
    expect(feed.status()).toBe(200);
    const { url } = (await feed.json()) as { url: string };
    const body = (await (await page.request.get(new URL(url).pathname)).text()).replaceAll(
      '\r\n ',
      '',
    );
    const day = today.replaceAll('-', '');
    const event = body.split('BEGIN:VEVENT').find((part) => part.includes('UID:block-task-'));
    expect(event).toBeDefined();
    expect(event).toContain('SUMMARY:Deep work');
    expect(event).toContain(`DTSTART:${day}T100000Z`);
    expect(event).toContain(`DTEND:${day}T104500Z`);
  });
});
