import { createVerifiedUser } from '../support/accounts';
import { addDays, dayHeading, dayName } from '../support/dates';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/locators';

// The browser's locale decides the week start; en-US weeks start on Sunday.
test.use({ locale: 'en-US' });

interface ApiTodo {
  id: string;
  title: string;
  dueDate: string | null;
  repeat: { rule: string } | null;
}

test.describe('Calendar moves (issue 33, ADR 0031)', () => {
  test('a drag in the month moves a todo, live in another tab, and Undo puts it back', async ({
    page,
    browser,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    const { date: today } = (await (await page.request.get('/api/agenda/today')).json()) as {
      date: string;
    };
    // A month wholly ahead: its 8th and 10th are in its grid and later than today.
    const month = addDays(today, 45).slice(0, 8);
    const [from, to] = [`${month}08`, `${month}10`];
    const created = await page.request.post('/api/todos', {
      data: { title: 'Pay rent', dueDate: from },
    });
    expect(created.status()).toBe(201);
    const address = `/dashboard/calendar?view=month&day=${month}01`;

    // The same user in a second browser, watching the same month.
    const other = await browser.newContext({
      baseURL: server.url,
      storageState: await page.context().storageState(),
    });
    const watching = await other.newPage();
    await watching.goto(address);
    const seen = (date: string) =>
      watching
        .getByRole('region', { name: dayName(date) })
        .getByRole('button', { name: 'Pay rent', exact: true });
    await expect(seen(from)).toBeVisible();

    await page.goto(address);
    const day = (date: string) => page.getByRole('region', { name: dayName(date) });
    const rent = (date: string) => day(date).getByRole('button', { name: 'Pay rent', exact: true });
    await day(from).getByRole('listitem').filter({ hasText: 'Pay rent' }).dragTo(day(to));
    await expect(rent(to)).toBeVisible();
    await expect(rent(from)).toHaveCount(0);
    // Live in the other browser, without a reload.
    await expect(seen(to)).toBeVisible();
    await expect(seen(from)).toHaveCount(0);

    await toast(page, `Moved to ${dayHeading(to)}`)
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect(rent(from)).toBeVisible();
    await expect(rent(to)).toHaveCount(0);
    await expect(seen(from)).toBeVisible();
    await expect(seen(to)).toHaveCount(0);
    await page.reload();
    await expect(rent(from)).toBeVisible();
    await other.close();
  });

  test('a repeating todo asks: only this occurrence, or all of them', async ({
    page,
    server,
    expectNoSeriousA11yViolations,
  }) => {
    await createVerifiedUser(page.request, server);
    const { date: today } = (await (await page.request.get('/api/agenda/today')).json()) as {
      date: string;
    };
    // A Monday at least a week ahead.
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    const monday = addDays(today, ((8 - weekday) % 7 || 7) + 7);
    const created = await page.request.post('/api/todos', {
      data: {
        title: 'Gym',
        dueDate: monday,
        repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO', from: 'due' },
      },
    });
    expect(created.status()).toBe(201);
    const series = (await created.json()) as ApiTodo;
    const todos = async () =>
      ((await (await page.request.get('/api/todos?q=Gym')).json()) as { items: ApiTodo[] }).items
        .map((todo) => `${todo.dueDate} ${todo.repeat?.rule ?? 'once'}`)
        .sort();

    const day = (date: string) => page.getByRole('region', { name: dayName(date) });
    const gym = (date: string) => day(date).getByRole('listitem').filter({ hasText: 'Gym' });
    const question = page.getByRole('dialog', { name: 'Move a repeating todo' });

    // Dragged to Wednesday: only this occurrence moves, as a one-off; the series goes on.
    await page.goto(`/dashboard/calendar?view=week&day=${monday}`);
    const wednesday = addDays(monday, 2);
    await gym(monday).dragTo(day(wednesday));
    await expect(question).toBeVisible();
    await expectNoSeriousA11yViolations();
    await question.getByRole('button', { name: 'Move only this occurrence' }).click();
    await expect(question).toBeHidden();
    await expect(toast(page, `Moved to ${dayHeading(wednesday)}`)).toBeVisible();
    await expect(gym(wednesday)).toBeVisible();
    await expect(gym(wednesday).getByLabel('Repeats')).toHaveCount(0);
    await expect(gym(monday)).toHaveCount(0);
    await expect
      .poll(todos)
      .toEqual([`${addDays(monday, 7)} FREQ=WEEKLY;BYDAY=MO`, `${wednesday} once`].sort());

    // Next week, by keyboard: all occurrences move to Tuesdays.
    const next = addDays(monday, 7);
    await page.goto(`/dashboard/calendar?view=week&day=${next}`);
    await day(next).getByRole('button', { name: 'Move "Gym" to…' }).focus();
    await page.keyboard.press('Enter');
    const moveTo = page.getByRole('dialog', { name: 'Move to…' });
    await moveTo.getByLabel('Due Date').fill(addDays(next, 1));
    await page.keyboard.press('Enter');
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Move all occurrences' }).click();
    await expect(gym(addDays(next, 1))).toBeVisible();
    await expect(gym(next)).toHaveCount(0);
    await expect
      .poll(todos)
      .toEqual([`${addDays(next, 1)} FREQ=WEEKLY;BYDAY=TU`, `${wednesday} once`].sort());

    // One Undo puts the series back on Mondays.
    await toast(page, 'All occurrences moved').getByRole('button', { name: 'Undo' }).click();
    await expect(gym(next)).toBeVisible();
    await expect.poll(todos).toEqual([`${next} FREQ=WEEKLY;BYDAY=MO`, `${wednesday} once`].sort());
    expect(series.repeat?.rule).toBe('FREQ=WEEKLY;BYDAY=MO');
  });

  test('a later occurrence moves on its own, and Undo puts it back', async ({ page, server }) => {
    await createVerifiedUser(page.request, server);
    const { date: today } = (await (await page.request.get('/api/agenda/today')).json()) as {
      date: string;
    };
    // A Monday at least a week ahead, and the one after it, a projected occurrence.
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    const monday = addDays(today, ((8 - weekday) % 7 || 7) + 7);
    const next = addDays(monday, 7);
    const thursday = addDays(next, 3);
    const created = await page.request.post('/api/todos', {
      data: {
        title: 'Gym',
        dueDate: monday,
        repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO', from: 'due' },
      },
    });
    expect(created.status()).toBe(201);
    const todos = async () =>
      ((await (await page.request.get('/api/todos?q=Gym')).json()) as { items: ApiTodo[] }).items
        .map((todo) => `${todo.dueDate} ${todo.repeat?.rule ?? 'once'}`)
        .sort();
    const projected = async () => {
      const range = (await (
        await page.request.get(`/api/agenda/calendar?from=${next}&to=${addDays(next, 6)}`)
      ).json()) as { repeats: { dates: string[] }[] };
      return range.repeats.flatMap(({ dates }) => dates);
    };

    const day = (date: string) => page.getByRole('region', { name: dayName(date) });
    const gym = (date: string) => day(date).getByRole('listitem').filter({ hasText: 'Gym' });
    const question = page.getByRole('dialog', { name: 'Move a repeating todo' });

    await page.goto(`/dashboard/calendar?view=week&day=${next}`);
    await expect(gym(next)).toBeVisible();
    await gym(next).dragTo(day(thursday));
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Move only this occurrence' }).click();
    await expect(question).toBeHidden();
    await expect(gym(thursday)).toBeVisible();
    await expect(gym(thursday).getByLabel('Repeats')).toHaveCount(0);
    await expect(gym(next)).toHaveCount(0);
    // The series stays due on its Monday; the moved one is excluded from it.
    await expect.poll(todos).toEqual([`${monday} FREQ=WEEKLY;BYDAY=MO`, `${thursday} once`].sort());
    await expect.poll(projected).toEqual([]);

    await toast(page, `Moved to ${dayHeading(thursday)}`)
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect(gym(next)).toBeVisible();
    await expect(gym(thursday)).toHaveCount(0);
    await expect.poll(todos).toEqual([`${monday} FREQ=WEEKLY;BYDAY=MO`]);
    await expect.poll(projected).toEqual([next]);
    await page.reload();
    await expect(gym(next)).toBeVisible();
    await expect(gym(thursday)).toHaveCount(0);
  });
});

test.describe('Calendar moves to a time (issue 33, ADR 0031)', () => {
  // Tall enough to show the day and its hours at once: a drag that scrolls the page between
  // press and release is no drag in Chromium under Playwright.
  test.use({ viewport: { width: 1280, height: 1400 } });

  test('a todo dropped in the week’s hours is due at that quarter hour', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server);
    const { date: today } = (await (await page.request.get('/api/agenda/today')).json()) as {
      date: string;
    };
    // A Monday and Tuesday of a week wholly ahead (en-US weeks start on Sunday).
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    const monday = addDays(today, 8 - weekday);
    const [from, to] = [monday, addDays(monday, 1)];
    const created = await page.request.post('/api/todos', {
      data: { title: 'Dentist', dueDate: from },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as ApiTodo;

    await page.goto(`/dashboard/calendar?view=week&day=${to}`);
    const hours = page.getByRole('list', { name: `Hours of ${dayHeading(to)}` });
    await expect(hours).toBeVisible();
    // Below the column's day label (24 px), 100 px down: 150 minutes after its first hour.
    await page
      .getByRole('region', { name: dayName(from) })
      .getByRole('listitem')
      .filter({ hasText: 'Dentist' })
      .dragTo(hours, { targetPosition: { x: 20, y: 124 } });
    const due = hours.getByRole('listitem', { name: /^Dentist, due at \d\d:(00|15|30|45)$/ });
    await expect(due).toBeVisible();
    const time = /due at (\d\d:\d\d)/.exec((await due.getAttribute('aria-label')) ?? '')?.[1];
    await expect(toast(page, `Moved to ${dayHeading(to)}, ${time}`)).toBeVisible();
    await expect
      .poll(async () => {
        const todo = (await (await page.request.get(`/api/todos?q=Dentist`)).json()) as {
          items: { id: string; dueDate: string; dueTime: string | null }[];
        };
        return todo.items.find((item) => item.id === id);
      })
      .toMatchObject({ dueDate: to, dueTime: time });
  });
});
