/**
 * `npm run bench` (heavy requests, issue 29; `npm test` runs it with `--check`): how fast
 * `/api/health` answers while the heaviest requests a user can make run on the production build.
 * No request may hold the event loop for more than 100 ms (ADR 0022), so health's p99 must stay
 * under 100 ms throughout:
 *
 * - preview and import a Todoist CSV of about 10 MB (10,000 todos with long non-Latin titles and
 *   descriptions, their dates in every form the parser reads, some cells built to make a regex
 *   backtrack);
 * - a PDF report listing those 10,000 todos;
 * - six such reports at once;
 * - the user's own archive with HABITS daily habits added, each with HABIT_DAYS days of records
 *   (about 9 MB), imported: every habit is counted again after the restore;
 * - a day off added yesterday, which changes every one of those habits.
 *
 * Health is asked every 10 ms by one client, the way a load balancer would, from the bench's own
 * process (idle but for that). `--check` (in `npm test`) exits 1 when a phase's p99 reaches
 * CHECK_P99_MS: a guard against the freezes of seconds issue 29 found, loose enough for a loaded
 * CI machine, while the figures printed are judged against the 100 ms target (ADR 0022 says where
 * they stand). Run `npm run build` first. With BENCH_DATABASE_URL set (and BENCH_REDIS_URL, if
 * wanted) the server runs on PostgreSQL, in a schema of its own dropped at the end.
 */
import { performance } from 'node:perf_hooks';

import { IMPORT_MAX_BYTES } from '@daywise/shared';
import pg from 'pg';

import { type BenchServer, signedIn, support } from './support';

const CHECK = process.argv.includes('--check');
const TARGET_P99_MS = 100;
const CHECK_P99_MS = 200;
const TODOS = 10_000;
const CONCURRENT_REPORTS = 6;
const HABITS = 200;
const HABIT_DAYS = 450;

/** Deterministic text in scripts that take a font's every glyph path (no randomness). */
const SCRIPTS = [
  'Приготовить отчёт для команды и согласовать бюджет на следующий квартал',
  '准备季度报告并与团队讨论下一个季度的预算和计划安排以及后续的工作内容',
  'ნახეთ ყველა დავალება და შეასრულეთ ისინი დროულად თქვენი გუნდისთვის',
  'Ετοιμάστε την αναφορά του τριμήνου και συζητήστε τον προϋπολογισμό',
];
const DATES = [
  '2026-12-01',
  'every day',
  'every monday at 9am',
  'next friday',
  'every 2 weeks starting jan 5',
  `every day ${'from at '.repeat(100)}`,
  'in 3 days',
];

const csvCell = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** A Todoist CSV export of TODOS tasks, just under the upload limit. */
function importFile(): Buffer {
  const header =
    'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,' +
    'DURATION,DURATION_UNIT,DEADLINE,DEADLINE_LANG';
  const lines = [header];
  let bytes = Buffer.byteLength(header) + 1;
  const room = IMPORT_MAX_BYTES - 64 * 1024;
  for (let i = 0; i < TODOS; i += 1) {
    const perRow = Math.floor((room - bytes) / (TODOS - i));
    const script = SCRIPTS[i % SCRIPTS.length] ?? '';
    const title = `${i} ${script}`.repeat(3).slice(0, 200);
    const start = `task,${csvCell(title)},`;
    const end = `,${(i % 4) + 1},1,Bench (1),,${csvCell(DATES[i % DATES.length] ?? '')},en,UTC,,,,`;
    const fill = perRow - Buffer.byteLength(start + end) - 3;
    let description = script.repeat(40);
    while (description && Buffer.byteLength(description) > fill) {
      description = description.slice(0, -10);
    }
    const line = start + csvCell(description) + end;
    bytes += Buffer.byteLength(line) + 1;
    lines.push(line);
  }
  if (bytes > IMPORT_MAX_BYTES) {
    throw new Error(`the import file is ${bytes} bytes, over the limit`);
  }
  return Buffer.from(lines.join('\n'));
}

/** The archive with HABITS daily habits, each done every day of the HABIT_DAYS up to yesterday. */
function habitArchive(archive: { todos: unknown[] }, yesterday: string): Buffer {
  const day = (back: number) =>
    new Date(Date.parse(`${yesterday}T00:00:00Z`) - back * 864e5).toISOString().slice(0, 10);
  const first = day(HABIT_DAYS - 1);
  const todos = Array.from({ length: HABITS }, (_, i) => ({
    id: `bench-habit-${i}`,
    title: `Habit ${i}`,
    description: '',
    priority: 'medium',
    dueDate: day(-1),
    reminderTime: null,
    completed: false,
    completedAt: null,
    completedDate: null,
    createdAt: `${first}T07:00:00.000Z`,
    updatedAt: `${yesterday}T08:00:00.000Z`,
    repeat: { rule: 'FREQ=DAILY', from: 'due' },
    repeatStart: first,
    occurrences: Array.from({ length: HABIT_DAYS }, (_, back) => ({
      date: day(back),
      outcome: 'done',
      completedAt: `${day(back)}T08:00:00.000Z`,
      completedOn: day(back),
    })),
  }));
  const file = Buffer.from(JSON.stringify({ ...archive, todos }));
  if (file.length > IMPORT_MAX_BYTES) {
    throw new Error(`the habit archive is ${file.length} bytes, over the limit`);
  }
  return file;
}

function upload(file: Buffer, name = 'Bench [1].csv', type = 'text/csv'): FormData {
  const form = new FormData();
  form.append('file', new Blob([file], { type }), name);
  return form;
}

interface Phase {
  label: string;
  times: number[];
  /** How long the work took, in seconds. */
  seconds: number;
}

/** Health's answer times, asked every 10 ms while `work` runs. */
async function healthDuring(
  server: BenchServer,
  label: string,
  work: () => Promise<unknown>,
): Promise<Phase> {
  const times: number[] = [];
  const began = performance.now();
  let done = false;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/health`);
      await response.arrayBuffer();
      times.push(performance.now() - started);
      await support.sleep(10);
    }
  })();
  try {
    await work();
  } finally {
    done = true;
    await probe;
  }
  // The probe's last answer comes at most one health check after the work.
  return { label, times, seconds: (performance.now() - began) / 1000 };
}

/** The server's database: SQLite by default, else a fresh schema in BENCH_DATABASE_URL. */
async function database(): Promise<{
  label: string;
  env: Record<string, string>;
  drop: () => Promise<void>;
}> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) {
    return { label: 'SQLite', env: {}, drop: async () => undefined };
  }
  const schema = `bench_heavy_${Date.now().toString(36)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create schema ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const redisUrl = process.env.BENCH_REDIS_URL;
  return {
    label: `PostgreSQL${redisUrl ? ' and Redis' : ''}`,
    env: {
      DATABASE_URL: url.toString(),
      ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: schema } : {}),
    },
    drop: () => admin(`drop schema ${schema} cascade`),
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

async function main(): Promise<void> {
  const engine = await database();
  const server = await support.startServer('heavy', engine.env);
  try {
    const { cookie } = await signedIn(server, 'heavy@example.com');
    const headers = { origin: server.url, cookie };
    const call = async (method: string, url: string, body?: FormData | string) => {
      const response = await fetch(`${server.url}${url}`, {
        method,
        headers:
          typeof body === 'string' ? { ...headers, 'content-type': 'application/json' } : headers,
        body,
      });
      const bytes = await response.arrayBuffer();
      if (!response.ok) {
        throw new Error(`${method} ${url} answered ${response.status}`);
      }
      return { response, bytes };
    };
    const file = importFile();
    const phases: Phase[] = [];
    phases.push(await healthDuring(server, 'idle, 1 s', () => support.sleep(1000)));
    phases.push(
      await healthDuring(server, `import preview (${(file.length / 1e6).toFixed(1)} MB)`, () =>
        call('POST', '/api/imports/preview', upload(file)),
      ),
    );
    /** Starts an import and waits for it to finish with `created` todos. */
    const imported = async (form: FormData, created: number) => {
      const { bytes } = await call('POST', '/api/imports', form);
      const { id } = JSON.parse(Buffer.from(bytes).toString()) as { id: string };
      for (;;) {
        const { bytes: status } = await call('GET', `/api/imports/${id}`);
        const progress = JSON.parse(Buffer.from(status).toString()) as {
          status: string;
          created: number;
        };
        if (progress.status === 'failed') {
          throw new Error('the import failed');
        }
        if (progress.status === 'done') {
          if (progress.created !== created) {
            throw new Error(`the import created ${progress.created} todos, not ${created}`);
          }
          return;
        }
        await support.sleep(200);
      }
    };
    phases.push(
      await healthDuring(server, `import of ${TODOS.toLocaleString('en-US')} todos`, () =>
        imported(upload(file), TODOS),
      ),
    );
    const report = async () => {
      const { bytes } = await call('GET', '/api/exports/report');
      if (!Buffer.from(bytes).subarray(0, 5).equals(Buffer.from('%PDF-'))) {
        throw new Error('the report is not a PDF');
      }
    };
    phases.push(
      await healthDuring(server, `PDF report of ${TODOS.toLocaleString('en-US')} todos`, report),
    );
    phases.push(
      await healthDuring(server, `${CONCURRENT_REPORTS} PDF reports at once`, () =>
        Promise.all(Array.from({ length: CONCURRENT_REPORTS }, report)),
      ),
    );

    const yesterday = new Date(Date.now() - 864e5).toISOString().slice(0, 10);
    const { bytes: exported } = await call('GET', '/api/exports/archive');
    const archive = habitArchive(
      JSON.parse(Buffer.from(exported).toString()) as { todos: unknown[] },
      yesterday,
    );
    phases.push(
      await healthDuring(server, `import of ${HABITS} habits of ${HABIT_DAYS} days`, () =>
        imported(upload(archive, 'daywise.json', 'application/json'), HABITS),
      ),
    );
    phases.push(
      await healthDuring(server, `a day off across ${HABITS} habits`, () =>
        call('POST', '/api/days-off', JSON.stringify({ startDate: yesterday, endDate: yesterday })),
      ),
    );

    console.log(
      `/api/health while heavy requests run on ${engine.label} (target p99 < ${TARGET_P99_MS} ms;` +
        ` --check fails at ${CHECK_P99_MS} ms)`,
    );
    let missed = false;
    for (const { label, times, seconds } of phases) {
      const sorted = [...times].sort((a, b) => a - b);
      const p99 = quantile(sorted, 0.99);
      const idle = label.startsWith('idle');
      missed ||= !idle && p99 >= CHECK_P99_MS;
      console.log(
        `${label.padEnd(40)}${String(times.length).padStart(6)} answers` +
          `   p50 ${quantile(sorted, 0.5).toFixed(1).padStart(6)} ms` +
          `   p99 ${p99.toFixed(1).padStart(6)} ms` +
          `   max ${(sorted.at(-1) ?? 0).toFixed(1).padStart(6)} ms` +
          `   in ${seconds.toFixed(1).padStart(5)} s` +
          (idle ? '' : p99 < TARGET_P99_MS ? '   met' : '   MISSED'),
      );
    }
    if (CHECK && missed) {
      console.error(`A phase's p99 reached ${CHECK_P99_MS} ms: heavy work holds the server again.`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
    await engine.drop();
  }
}

await main();
