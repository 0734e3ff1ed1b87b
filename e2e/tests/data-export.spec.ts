import { createVerifiedUser } from '../support/accounts';
import { exportFromSettings } from '../support/downloads';
import { expect, test } from '../support/fixtures';

test.describe('Your data', () => {
  test('downloads the JSON archive, both CSV files and the PDF report from Settings', async ({
    page,
    server,
  }) => {
    await createVerifiedUser(page.request, server, 'Ada Lovelace');
    for (const title of ['Milk, eggs "fresh"', '=SUM(A1:A2)', 'Café ☕ Ünïcödé']) {
      expect((await page.request.post('/api/todos', { data: { title } })).status()).toBe(201);
    }
    expect(
      (
        await page.request.post('/api/plans', {
          data: { title: 'Good day', tasks: [{ title: 'Stretch' }, { title: '+Read' }] },
        })
      ).status(),
    ).toBe(201);

    await page.goto('/dashboard/settings');
    const section = page.getByRole('region', { name: 'Your data' });
    await expect(section.getByRole('button', { name: 'Export JSON' })).toBeVisible();

    const archive = await exportFromSettings(page, 'Export JSON');
    expect(archive.file.suggestedFilename()).toMatch(/^daywise-archive-\d{4}-\d{2}-\d{2}\.json$/);
    const json = JSON.parse(archive.bytes.toString('utf8')) as {
      format: string;
      schemaVersion: number;
      profile: { name: string };
      todos: { title: string }[];
      plans: { tasks: { title: string }[] }[];
    };
    expect(json.format).toBe('daywise-archive');
    expect(json.schemaVersion).toBe(1);
    expect(json.profile.name).toBe('Ada Lovelace');
    expect(json.todos.map((todo) => todo.title).sort()).toEqual(
      ['Café ☕ Ünïcödé', 'Milk, eggs "fresh"', '=SUM(A1:A2)'].sort(),
    );
    expect(json.plans[0]?.tasks.map((task) => task.title)).toEqual(['Stretch', '+Read']);

    const todos = await exportFromSettings(page, 'Export todos CSV');
    expect(todos.file.suggestedFilename()).toMatch(/^daywise-todos-\d{4}-\d{2}-\d{2}\.csv$/);
    expect([...todos.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const todoText = todos.bytes.toString('utf8');
    expect(todoText).toContain('ID,Title,Description,Priority');
    expect(todoText).toContain('"Milk, eggs ""fresh"""');
    expect(todoText).toContain("'=SUM(A1:A2)");
    expect(todoText).toContain('Café ☕ Ünïcödé');

    const tasks = await exportFromSettings(page, 'Export plan tasks CSV');
    expect(tasks.file.suggestedFilename()).toMatch(/^daywise-plan-tasks-\d{4}-\d{2}-\d{2}\.csv$/);
    const taskText = tasks.bytes.toString('utf8');
    expect(taskText).toContain('Plan date,Plan title,Position,Task ID,Title');
    expect(taskText).toContain(',Good day,1,');
    expect(taskText).toContain(",'+Read,");

    const report = await exportFromSettings(page, 'Export PDF');
    expect(report.file.suggestedFilename()).toMatch(
      /^daywise-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/,
    );
    const pdf = report.bytes.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    // The production build found DejaVu Sans and embedded it.
    expect(pdf).toContain('/FontFile2');
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
  });

  test('a reversed report range cannot be exported', async ({ page, server }) => {
    await createVerifiedUser(page.request, server, 'Ada Lovelace');
    await page.goto('/dashboard/settings');
    const section = page.getByRole('region', { name: 'Your data' });
    await section.getByLabel('From').fill('2026-11-20');
    await section.getByLabel('To').fill('2026-11-01');
    await expect(section.getByText('Choose a start date on or before the end date.')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Export PDF' })).toBeDisabled();
  });
});
