import { randomBytes } from 'node:crypto';

import pg from 'pg';

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh PostgreSQL database on the server `serverUrl` names, for one test's server (or two
 * instances sharing it): its address, and a way to drop it once the servers have stopped.
 */
export async function freshDatabase(
  serverUrl: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `daywise_e2e_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
