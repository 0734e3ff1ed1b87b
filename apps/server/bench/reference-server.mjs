// The hand-written reference for the HTTP bench (bench/http.bench.ts): the same signed-in read
// as Daywise's `GET /api/todos` (first page of 50, newest first, and the total), written as
// directly as it can be on the same SQLite file: the signed session cookie checked with one
// HMAC, the session, page and count read by statements prepared once, and the answer built by
// hand. No validation, no logging, no security headers: a ceiling, not an alternative.
// DATA_DIR and PORT from the environment.
import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';

import Database from 'better-sqlite3';
import Fastify from 'fastify';

const COOKIE = 'daywise.session_token=';
const db = new Database(path.join(process.env.DATA_DIR, 'daywise.sqlite'), { readonly: true });
db.pragma('busy_timeout = 5000');
const secret = db.prepare(`select value from app_settings where key = 'auth_secret'`).get().value;
const sessionByToken = db.prepare(
  'select user_id from sessions where token = ? and expires_at > ?',
);
const firstPage = db.prepare(
  'select * from todos where user_id = ? order by created_at desc, id desc limit 51',
);
const countAll = db.prepare('select count(*) as total from todos where user_id = ?');

/** The session token of a signed cookie value (`token.signature`), or null. */
function verifiedToken(header) {
  const start = header?.indexOf(COOKIE) ?? -1;
  if (start < 0) {
    return null;
  }
  const end = header.indexOf(';', start);
  const value = decodeURIComponent(header.slice(start + COOKIE.length, end < 0 ? undefined : end));
  const dot = value.lastIndexOf('.');
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

const app = Fastify({ logger: false });
app.get('/api/todos', async (request, reply) => {
  const token = verifiedToken(request.headers.cookie);
  const session = token && sessionByToken.get(token, new Date().toISOString());
  if (!session) {
    return reply.code(401).send({ error: { code: 'UNAUTHENTICATED' } });
  }
  const rows = firstPage.all(session.user_id);
  const items = rows.slice(0, 50).map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    priority: row.priority,
    dueDate: row.due_date,
    reminderTime: row.reminder_time,
    completed: Boolean(row.completed),
    completedAt: row.completed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
  return {
    items,
    nextCursor: rows.length > 50 ? 'more' : null,
    total: countAll.get(session.user_id).total,
  };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
