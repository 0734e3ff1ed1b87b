/** Says which backends this run covers, so a green run on SQLite alone is never mistaken for more. */
export default function setup(): void {
  const engines = ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
  const redis = process.env.TEST_REDIS_URL ? 'redis' : 'in-process only (set TEST_REDIS_URL)';
  process.stdout.write(
    `\nServer tests run on databases: ${engines.join(', ')}${
      process.env.TEST_DATABASE_URL ? '' : ' (set TEST_DATABASE_URL for postgres)'
    }; rate-limit store: ${redis}\n\n`,
  );
}
