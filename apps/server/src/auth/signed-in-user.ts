import type { FastifyRequest } from 'fastify';

import type { AppInstance } from '../lib/app-instance';
import { findUser } from './accounts';
import { readSession } from './session';

/** The signed-in user as every account answer gives it (the web app stores it as the session). */
export function presentUser(user: { id: string; name: string; email: string; created_at: string }) {
  return { id: user.id, name: user.name, email: user.email, createdAt: user.created_at };
}

/**
 * The user a page request is signed in as, as `GET /api/account/session` gives them; null without
 * a session or for an account deleted since. The server draws that user's page with it
 * (web/routes.ts); every other case is left to the page's own session read, which ends the session
 * and says why.
 */
export async function signedInUser(app: AppInstance, request: FastifyRequest) {
  const session = await readSession(app, request);
  const user = session && (await findUser(app.database.db, session.user.id));
  return user && !user.is_deleted ? presentUser(user) : null;
}
