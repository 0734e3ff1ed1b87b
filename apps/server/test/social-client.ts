import type { ProfileVisibility } from '@daywise/shared/schemas';
import { expect } from 'vitest';

import type { Engine } from '../src/db/database';
import { newId } from '../src/lib/ids';
import { accountClient, signUpBody } from './account-client';
import { createTestApp, SAME_ORIGIN, type TestApp, testClock } from './helpers';

export interface TestUser {
  id: string;
  name: string;
  email: string;
  cookie: string;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Signed-up users and the social API as each of them calls it. */
export function socialClient(ctx: TestApp) {
  const api = accountClient(ctx);

  /** Sends a request as `user` (or signed out), from our own pages. */
  const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { ...SAME_ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
    });

  /** A verified user with the given profile visibility (public unless said otherwise). */
  const signUp = async (
    email: string,
    name: string,
    visibility: ProfileVisibility = 'public',
  ): Promise<TestUser> => {
    const signedUp = await api.post('/api/account/sign-up', signUpBody(email, name));
    expect(signedUp.statusCode).toBe(201);
    const verified = await api.post('/api/account/verify-email', api.linkBody(api.lastLink(email)));
    expect(verified.statusCode).toBe(200);
    const user = {
      id: signedUp.json<{ userId: string }>().userId,
      name,
      email,
      cookie: api.sessionCookie(verified) ?? '',
    };
    const setting = { group: 'privacy', key: 'profileVisibility', value: visibility };
    expect((await call(user, 'PATCH', '/api/settings', setting)).statusCode).toBe(200);
    return user;
  };

  /** `a` asks, `b` accepts. */
  const befriend = async (a: TestUser, b: TestUser) => {
    const sent = await call(a, 'POST', '/api/friend-requests', { toUserId: b.id });
    expect(sent.statusCode).toBe(201);
    const accepted = await call(
      b,
      'POST',
      `/api/friend-requests/${sent.json<{ id: string }>().id}/accept`,
    );
    expect(accepted.statusCode).toBe(200);
  };

  return { api, call, signUp, befriend };
}

export type SocialClient = ReturnType<typeof socialClient>;
export type TestClock = ReturnType<typeof testClock>;
/** `friendsOnClock`'s `created`. */
export type Created = Awaited<ReturnType<typeof friendsOnClock>>['created'];

/** A fresh app where Ada and Bob are signed up and friends: where chat and plan tests start. */
export async function appWithFriends(engine: Engine, now: () => Date) {
  const ctx = await createTestApp(engine, { now });
  const social = socialClient(ctx);
  const ada = await social.signUp('ada@example.com', 'Ada Lovelace');
  const bob = await social.signUp('bob@example.com', 'Bob Builder');
  await social.befriend(ada, bob);
  return { ctx, social, ada, bob };
}

/** `appWithFriends` on a test clock the test moves itself. */
export async function friendsOnClock(engine: Engine) {
  const clock = testClock();
  const friends = await appWithFriends(engine, clock.now);
  /** POSTs `body` as `as`, expects 201, moves the clock a second on, and answers the body. */
  const created = async <T>(as: TestUser, url: string, body: object): Promise<T> => {
    const response = await friends.social.call(as, 'POST', url, body);
    expect(response.statusCode, response.body).toBe(201);
    clock.advance(1000);
    return response.json<T>();
  };
  return { clock, created, ...friends };
}

/** Every chat, message, shared plan and task: what a refused request must leave as it was. */
export async function socialRows(ctx: TestApp) {
  const db = ctx.database.db;
  return {
    chats: await db.selectFrom('chats').selectAll().orderBy('id').execute(),
    messages: await db.selectFrom('messages').selectAll().orderBy('id').execute(),
    plans: await db.selectFrom('shared_plans').selectAll().orderBy('id').execute(),
    tasks: await db.selectFrom('shared_plan_tasks').selectAll().orderBy('id').execute(),
  };
}

/**
 * A user written straight to the database (no password, so nobody signs in as them): for tests
 * that need many users, or users in states sign-up does not leave behind.
 */
export async function insertUser(
  ctx: TestApp,
  user: {
    name: string;
    email: string;
    visibility?: ProfileVisibility;
    verified?: boolean;
    deleted?: boolean;
  },
): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await ctx.database.db
    .insertInto('users')
    .values({
      id,
      name: user.name,
      email: user.email,
      email_verified: user.verified ?? true,
      image: null,
      created_at: now,
      updated_at: now,
      email_verified_at: (user.verified ?? true) ? now : null,
      is_deleted: user.deleted ?? false,
      deleted_at: user.deleted ? now : null,
      restored_at: null,
    })
    .execute();
  await ctx.database.db
    .insertInto('user_settings')
    .values({
      user_id: id,
      profile_visibility: user.visibility ?? 'public',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
