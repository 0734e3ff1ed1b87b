import { randomBytes } from 'node:crypto';

import pg from 'pg';

/** Names this run's PostgreSQL schemas; test/helpers.ts reads it (workers inherit the env). */
export const SCHEMA_PREFIX_ENV = 'DAYWISE_TEST_SCHEMA_PREFIX';

/**
 * Says which backends this run covers, so a green run on SQLite alone is never mistaken for more,
 * and drops this run's PostgreSQL schemas once every test file is done. Dropping them while other
 * files run would break those files' migrations: Kysely's table check reads the catalogue of
 * every schema and fails on a table dropped under it.
 */
export default function setup(): () => Promise<void> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const engines = ['sqlite', ...(databaseUrl ? ['postgres'] : [])];
  const redis = process.env.TEST_REDIS_URL ? 'redis' : 'in-process only (set TEST_REDIS_URL)';
  process.stdout.write(
    `\nServer tests run on databases: ${engines.join(', ')}${
      databaseUrl ? '' : ' (set TEST_DATABASE_URL for postgres)'
    }; rate-limit store: ${redis}\n\n`,
  );
  const prefix = `test_${randomBytes(4).toString('hex')}`;
  process.env[SCHEMA_PREFIX_ENV] = prefix;

  return async () => {
    if (!databaseUrl) {
      return;
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        'select nspname as name from pg_namespace where starts_with(nspname, $1)',
        [`${prefix}_`],
      );
      for (const { name } of rows) {
        await client.query(`drop schema if exists "${name}" cascade`);
      }
    } finally {
      await client.end();
    }
  };
}
