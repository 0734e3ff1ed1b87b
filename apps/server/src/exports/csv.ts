import { Readable } from 'node:stream';

import { repeatText } from '@daywise/shared';
import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';

import type { Fields, FieldTable } from '../db/fields';
import type { Database } from '../db/schema';
import { TASK_FIELDS } from '../plans/plan-fields';
import { repeatOf, TODO_FIELDS } from '../todos/todo-fields';
import {
  planPages,
  type PlanRow,
  tagRows,
  type TaskRow,
  todoPagesWithTags,
  type TodoRow,
} from './data';
import { eachRow } from './pages';

/** A column of a CSV export: its header and its cell for a row. */
type Column<Row> = readonly [header: string, cell: (row: Row) => string | number | null];

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return first)
 * gets a single quote in front, so opening an export never executes anything (OWASP's CSV
 * injection advice); every other cell is left exactly as stored.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const yesNo = (value: unknown) => (value ? 'yes' : 'no');

/** A todo as the CSV writes it: with its tags' names. */
type CsvTodo = TodoRow & { tags: string[] };

/** The CSV columns of a field table's fields that name a header (db/fields.ts), in its order. */
function fieldColumns<Row, T extends FieldTable<Row>>(fields: Fields<Row, T>): Column<Row>[] {
  return Object.values(fields.table).flatMap((field): Column<Row>[] =>
    field.csv === undefined
      ? []
      : [
          [
            field.csv,
            (row) =>
              field.kind === 'boolean'
                ? yesNo(row[field.column])
                : (row[field.column] as string | number | null),
          ],
        ],
  );
}

/** The todos file's columns, in order: the todo's fields, then its repeat in words and its tags. */
export const TODO_COLUMNS: readonly Column<CsvTodo>[] = [
  ...fieldColumns(TODO_FIELDS),
  [
    'Repeat',
    (row) => {
      const repeat = repeatOf(row);
      return repeat ? repeatText(repeat) : null;
    },
  ],
  ['Tags', (row) => row.tags.join(', ')],
];

/** The plan tasks file's columns: each task with its plan's date and title and its place. */
export const PLAN_TASK_COLUMNS: readonly Column<{ plan: PlanRow; task: TaskRow }>[] = [
  ['Plan date', ({ plan }) => plan.plan_date],
  ['Plan title', ({ plan }) => plan.title],
  ['Position', ({ task }) => task.position + 1],
  ...fieldColumns(TASK_FIELDS).map(([header, cell]): Column<{ task: TaskRow }> => [
    header,
    ({ task }) => cell(task),
  ]),
];

/**
 * Rows as CSV (docs/data-archive.md, "Other exports"): UTF-8 with a byte-order mark so Excel
 * reads it as UTF-8, one header row, CRLF line ends and RFC 4180 quoting by csv-stringify. The
 * stream pulls rows from the database as the reply is read, so a slow client holds one page.
 */
function csvStream<Row>(rows: AsyncIterable<Row>, columns: readonly Column<Row>[]): Readable {
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) {
        yield columns.map(([, cell]) => {
          const value = cell(row);
          return typeof value === 'string' ? neutralizeFormula(value) : (value ?? '');
        });
      }
    })(),
  );
  const csv = stringify({
    bom: true,
    header: true,
    columns: columns.map(([header]) => header),
    record_delimiter: 'windows',
    quoted_string: false,
  });
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}

export function todosCsv(db: Kysely<Database>, userId: string): Readable {
  async function* todos(): AsyncGenerator<CsvTodo> {
    // The user's tags in name order (at most QUOTAS.tags): each todo's are named in that order.
    const tags = await tagRows(db, userId);
    for await (const row of eachRow(todoPagesWithTags(db, userId))) {
      const own = new Set(row.tagIds);
      yield { ...row, tags: tags.filter((tag) => own.has(tag.id)).map((tag) => tag.name) };
    }
  }
  return csvStream(todos(), TODO_COLUMNS);
}

export function planTasksCsv(db: Kysely<Database>, userId: string): Readable {
  async function* tasks() {
    for await (const { plan, tasks } of eachRow(planPages(db, userId))) {
      for (const task of tasks) {
        yield { plan, task };
      }
    }
  }
  return csvStream(tasks(), PLAN_TASK_COLUMNS);
}
