// `npm run bench` (calendar part): how long /dashboard/calendar takes to draw a month holding 2,000
// items, next to an empty account's month, and whether anything on the page moves when the items
// arrive (issue 33: a heavy month's first paint within 2× an empty one's, no layout shift). The
// production build runs on a free port with a fresh SQLite DATA_DIR; two verified users are made
// through the API, the heavy one's month is a few daily repeats made through the API and plain
// todos written straight into the database file (a third timed), and the page is timed in the machine's Chromium
// (CHROMIUM_PATH, or /usr/bin/chromium). Run `npm run build` first.
import { performance } from 'node:perf_hooks';

import Database from 'better-sqlite3';
import { chromium, devices } from 'playwright';

import {
  call,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  createVerifiedUser,
  median,
  ms,
  row,
  startServer,
} from './bench-support.mjs';

const ITEMS = 2_000;
const RUNS = 5;

/** This month's days in UTC (the new accounts' zone). */
function thisMonth() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const days = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
  const date = (day) => `${first.toISOString().slice(0, 8)}${String(day).padStart(2, '0')}`;
  return { days: Array.from({ length: days }, (_, i) => date(i + 1)) };
}

/** Daily repeating todos made through the API; their occurrences fill the month's days too. */
const REPEATING = 5;

/** ITEMS items over this month's days: REPEATING daily series, the rest plain todos (a third timed). */
async function seedMonth(context, server, userId, days) {
  for (let i = 0; i < REPEATING; i += 1) {
    const repeat = { rule: 'FREQ=DAILY', from: 'due' };
    await call(context, server, 'POST', '/api/todos', {
      title: `Every day ${i}`,
      dueDate: days[0],
      repeat,
    });
  }
  const plain = ITEMS - REPEATING * days.length;
  const db = new Database(server.databaseFile);
  const insert = db.prepare(
    `insert into todos (id, user_id, title, description, priority, due_date, due_time,
       completed, created_at, updated_at) values (?, ?, ?, '', ?, ?, ?, 0, ?, ?)`,
  );
  const created = new Date().toISOString();
  db.transaction(() => {
    for (let i = 0; i < plain; i += 1) {
      const id = `cal${String(i).padStart(8, '0')}`;
      const time = i % 3 === 0 ? `${String(8 + (i % 10)).padStart(2, '0')}:30` : null;
      const priority = ['low', 'medium', 'high'][i % 3];
      const row = [id, userId, `Calendar item ${i}`, priority, days[i % days.length], time];
      insert.run(...row, created, created);
    }
  })();
  db.close();
}

/** 'Sunday, November 1', as the grid names a day. */
const dayLabel = (day) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Sums every layout shift from the page's start (a script that runs before the app's). */
function watchShifts() {
  /* global window */
  window.__shifts = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) {
        window.__shifts += entry.value;
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** One visit: ms until the month is drawn with its items, and the layout shift by then. */
async function visit(context, base, heavy, firstDay) {
  const page = await context.newPage();
  await page.addInitScript(watchShifts);
  let api = 0;
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname === '/api/agenda/calendar') {
      api = request.timing().responseEnd - request.timing().requestStart;
    }
  });
  const began = performance.now();
  await page.goto(`${base}/dashboard/calendar`, { waitUntil: 'commit' });
  const cell = page.getByRole('region', { name: dayLabel(firstDay), exact: true });
  await (heavy ? cell.getByRole('listitem').first() : cell).waitFor();
  const drawn = performance.now() - began;
  await page.waitForLoadState('networkidle');
  const shift = await page.evaluate(() => window.__shifts);
  const items = heavy ? await page.getByRole('region').getByRole('listitem').count() : 0;
  await page.close();
  return { drawn, shift, items, api };
}

let server;
let browser;
let failed = true;
try {
  server = await startServer('calendar');
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const { days } = thisMonth();
  const results = {};
  for (const label of ['empty', 'heavy']) {
    const heavy = label === 'heavy';
    const context = await browser.newContext({ ...devices['Desktop Chrome'], baseURL: server.url });
    const userId = await createVerifiedUser(context, server, label);
    if (heavy) {
      await seedMonth(context, server, userId, days);
    }
    await visit(context, server.url, heavy, days[0]); // warm-up: HTTP cache, server's statements
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(await visit(context, server.url, heavy, days[0]));
    }
    await context.close();
    results[label] = runs;
  }

  const { empty, heavy } = results;
  const of = (runs, key) => runs.map((run) => run[key]);
  console.log(
    `/dashboard/calendar (month) in Chromium, median / max of ${RUNS} visits after a warm-up:`,
  );
  console.log(row(['account', 'month drawn', 'its range read*', 'layout shift (max)']));
  const cell = (times) => `${ms(median(times))} /${ms(Math.max(...times))}`;
  const shift = (runs) => Math.max(...of(runs, 'shift')).toFixed(3);
  for (const [name, runs] of [
    ['empty', empty],
    [`${ITEMS.toLocaleString('en-US')} items`, heavy],
  ]) {
    console.log(row([name, cell(of(runs, 'drawn')), cell(of(runs, 'api')), shift(runs)]));
  }
  const ratio = median(of(heavy, 'drawn')) / median(of(empty, 'drawn'));
  console.log(`heavy/empty   ${ratio.toFixed(2).padStart(18)}×`);
  console.log('* GET /api/agenda/calendar, from its request sent to its response read.');
  console.log(
    `Items shown in the heavy month (the rest under 'N more'): ${heavy[0].items.toLocaleString('en-US')}`,
  );

  const shifted = Math.max(...of(heavy, 'shift'), ...of(empty, 'shift'));
  failed = ratio > 2 || shifted > 0.01;
  console.log(
    `Budget: heavy median ≤ 2 × empty median (${ratio.toFixed(2)}×) and layout shift ≤ 0.01 ` +
      `(${shifted.toFixed(3)}): ${failed ? 'FAIL' : 'ok'}`,
  );
} catch (error) {
  console.error(error);
} finally {
  await browser?.close();
  await server?.stop();
}
process.exit(failed ? 1 : 0);
