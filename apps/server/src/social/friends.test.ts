import {
  MESSAGES,
  type RealtimeEvent,
  SOCIAL_RATE_LIMIT,
  USER_SEARCH_MAX_RESULTS,
} from '@daywise/shared';
import type { Friend, FriendRequest, UserSearchResult } from '@daywise/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createTestApp, ENGINES, type TestApp } from '../../test/helpers';
import {
  insertUser,
  type SocialClient,
  socialClient,
  type TestUser,
} from '../../test/social-client';

describe.each(ENGINES)('friends on %s', (engine) => {
  let ctx: TestApp;
  let social: SocialClient;
  let ada: TestUser;
  let bob: TestUser;

  beforeEach(async () => {
    ctx = await createTestApp(engine);
    social = socialClient(ctx);
    ada = await social.signUp('ada@example.com', 'Ada Lovelace');
    bob = await social.signUp('bob@example.com', 'Bob Builder');
  });
  afterEach(() => ctx.close());

  const search = async (as: TestUser, q: string) => {
    const response = await social.call(as, 'GET', `/api/users/search?q=${encodeURIComponent(q)}`);
    expect(response.statusCode).toBe(200);
    return response.json<{ results: UserSearchResult[] }>().results;
  };
  const names = (results: { name: string }[]) => results.map((result) => result.name);
  const sendRequest = (from: TestUser, toUserId: string) =>
    social.call(from, 'POST', '/api/friend-requests', { toUserId });
  const incoming = async (as: TestUser) =>
    (await social.call(as, 'GET', '/api/friend-requests')).json<{ requests: FriendRequest[] }>()
      .requests;
  const friends = async (as: TestUser) =>
    (await social.call(as, 'GET', '/api/friends')).json<{ friends: Friend[] }>().friends;
  const errorOf = (response: { json: () => unknown }) => response.json();

  describe('search', () => {
    it('finds public profiles and friends-only profiles of friends, never the searcher', async () => {
      const carol = await social.signUp('carol@example.com', 'Carol Private', 'private');
      const dan = await social.signUp('dan@example.com', 'Dan Friendsonly', 'friends');
      const eve = await social.signUp('eve@example.com', 'Eve Friendsonly', 'friends');
      await insertUser(ctx, { name: 'Una Unverified', email: 'una@example.com', verified: false });
      await insertUser(ctx, { name: 'Del Deleted', email: 'del@example.com', deleted: true });
      await insertUser(ctx, { name: 'Noel Nosettings', email: 'noel@example.com' }).then((id) =>
        ctx.database.db.deleteFrom('user_settings').where('user_id', '=', id).execute(),
      );
      await social.befriend(eve, ada);

      const results = await search(ada, 'example.com');
      expect(results).toEqual([
        {
          id: bob.id,
          name: 'Bob Builder',
          email: 'bob@example.com',
          profilePictureUrl: null,
          friendshipStatus: 'none',
        },
        {
          id: eve.id,
          name: 'Eve Friendsonly',
          email: 'eve@example.com',
          profilePictureUrl: null,
          friendshipStatus: 'friends',
        },
      ]);
      // Dan is friends-only and not Ada's friend; Carol is private; Ada never finds herself.
      expect(names(await search(ada, 'dan'))).toEqual([]);
      expect(names(await search(ada, 'carol'))).toEqual([]);
      expect(names(await search(ada, 'ada'))).toEqual([]);
      expect(names(await search(carol, 'ada'))).toEqual(['Ada Lovelace']);
      expect(names(await search(dan, 'eve'))).toEqual([]);
    });

    it('says request_sent once the searcher has asked', async () => {
      expect((await sendRequest(ada, bob.id)).statusCode).toBe(201);
      expect((await search(ada, 'bob'))[0]?.friendshipStatus).toBe('request_sent');
      // The receiver sees no request of their own towards Ada.
      expect((await search(bob, 'ada'))[0]?.friendshipStatus).toBe('none');
    });

    it('matches name or email ignoring case, and needs 2 characters after trimming', async () => {
      expect(names(await search(ada, 'BUILD'))).toEqual(['Bob Builder']);
      expect(names(await search(ada, 'BOB@EXAMPLE'))).toEqual(['Bob Builder']);
      expect(names(await search(ada, '  bo  '))).toEqual(['Bob Builder']);
      expect(await search(ada, 'b')).toEqual([]);
      expect(await search(ada, ' b ')).toEqual([]);
      expect(await search(ada, '')).toEqual([]);
    });

    it('treats % and _ in the query as plain characters', async () => {
      await insertUser(ctx, { name: '100% Sure', email: 'sure@example.com' });
      expect(names(await search(ada, '0% s'))).toEqual(['100% Sure']);
      expect(await search(ada, '%b')).toEqual([]);
      expect(await search(ada, 'b_b')).toEqual([]);
      expect(await search(ada, '%%')).toEqual([]);
    });

    it(`answers at most ${USER_SEARCH_MAX_RESULTS}, by name`, async () => {
      for (let index = 25; index >= 1; index -= 1) {
        const label = String(index).padStart(2, '0');
        await insertUser(ctx, { name: `Zed ${label}`, email: `zed${label}@example.com` });
      }
      const results = await search(ada, 'zed');
      expect(names(results)).toEqual(
        Array.from({ length: 20 }, (_, index) => `Zed ${String(index + 1).padStart(2, '0')}`),
      );
    });

    it(`limits each user to ${SOCIAL_RATE_LIMIT.search.max} searches a minute`, async () => {
      for (let index = 0; index < SOCIAL_RATE_LIMIT.search.max; index += 1) {
        await search(ada, 'bob');
      }
      const limited = await social.call(ada, 'GET', '/api/users/search?q=bob');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
      // Another user from the same address is counted apart.
      expect(names(await search(bob, 'ada'))).toEqual(['Ada Lovelace']);
    });

    it('needs a session', async () => {
      expect((await social.call(null, 'GET', '/api/users/search?q=bob')).statusCode).toBe(401);
    });
  });

  describe('requests', () => {
    it('sends, lists to the receiver, and refuses a second one with its message', async () => {
      const sent = await sendRequest(ada, bob.id);
      expect(sent.statusCode).toBe(201);
      const { id } = sent.json<{ id: string; status: string }>();
      expect(sent.json()).toEqual({ id, status: 'pending' });

      expect(await incoming(bob)).toEqual([
        {
          id,
          fromUserId: ada.id,
          toUserId: bob.id,
          sender: { name: 'Ada Lovelace', email: 'ada@example.com', profilePictureUrl: null },
          createdAt: expect.any(String) as string,
        },
      ]);
      expect(await incoming(ada)).toEqual([]);

      const again = await sendRequest(ada, bob.id);
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)).toEqual({
        error: { code: 'FRIEND_REQUEST_EXISTS', message: 'Friend request already sent' },
      });
    });

    it('refuses a request to oneself, to a hidden user and to an unknown id', async () => {
      const self = await sendRequest(ada, ada.id);
      expect(self.statusCode).toBe(400);
      expect(errorOf(self)).toEqual({
        error: { code: 'FRIEND_REQUEST_TO_SELF', message: MESSAGES.friendRequestToSelf },
      });
      const carol = await social.signUp('carol@example.com', 'Carol Private', 'private');
      const dan = await social.signUp('dan@example.com', 'Dan Friendsonly', 'friends');
      const deleted = await insertUser(ctx, {
        name: 'Del',
        email: 'del@example.com',
        deleted: true,
      });
      for (const target of [carol.id, dan.id, deleted, 'no-such-user']) {
        expect((await sendRequest(ada, target)).statusCode).toBe(404);
      }
      expect((await sendRequest(ada, '   ')).statusCode).toBe(400);
      expect(await incoming(carol)).toEqual([]);
      expect(await incoming(dan)).toEqual([]);
    });

    it('lets only the receiver accept, which makes them friends on both sides', async () => {
      const carol = await social.signUp('carol@example.com', 'Carol Third');
      const { id } = (await sendRequest(ada, bob.id)).json<{ id: string }>();
      for (const outsider of [ada, carol]) {
        expect(
          (await social.call(outsider, 'POST', `/api/friend-requests/${id}/accept`)).statusCode,
        ).toBe(404);
        expect(
          (await social.call(outsider, 'POST', `/api/friend-requests/${id}/reject`)).statusCode,
        ).toBe(404);
      }
      expect(await incoming(bob)).toHaveLength(1);

      const accepted = await social.call(bob, 'POST', `/api/friend-requests/${id}/accept`);
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toEqual({
        friend: {
          id: ada.id,
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          profilePictureUrl: null,
        },
      });
      expect(await incoming(bob)).toEqual([]);
      expect((await friends(ada)).map((friend) => friend.id)).toEqual([bob.id]);
      expect((await friends(bob)).map((friend) => friend.id)).toEqual([ada.id]);

      const again = await sendRequest(bob, ada.id);
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)).toEqual({
        error: { code: 'ALREADY_FRIENDS', message: 'You are already friends' },
      });
      // The request is spent.
      expect((await social.call(bob, 'POST', `/api/friend-requests/${id}/accept`)).statusCode).toBe(
        404,
      );
    });

    it('accepts the pending request the other way instead of sending a second one', async () => {
      const { id } = (await sendRequest(ada, bob.id)).json<{ id: string }>();
      const back = await sendRequest(bob, ada.id);
      expect(back.statusCode).toBe(201);
      expect(back.json()).toEqual({ id, status: 'accepted' });
      expect(await incoming(ada)).toEqual([]);
      expect(await incoming(bob)).toEqual([]);
      expect((await friends(ada)).map((friend) => friend.id)).toEqual([bob.id]);
    });

    it('rejecting removes the request, and the sender may ask again', async () => {
      const { id } = (await sendRequest(ada, bob.id)).json<{ id: string }>();
      const rejected = await social.call(bob, 'POST', `/api/friend-requests/${id}/reject`);
      expect(rejected.statusCode).toBe(204);
      expect(await incoming(bob)).toEqual([]);
      expect(await friends(bob)).toEqual([]);
      expect((await search(ada, 'bob'))[0]?.friendshipStatus).toBe('none');
      expect((await sendRequest(ada, bob.id)).statusCode).toBe(201);
    });

    it(`limits each user to ${SOCIAL_RATE_LIMIT.friendRequests.max} requests a minute`, async () => {
      for (let index = 0; index < SOCIAL_RATE_LIMIT.friendRequests.max; index += 1) {
        expect((await sendRequest(ada, `missing-${index}`)).statusCode).toBe(404);
      }
      expect((await sendRequest(ada, bob.id)).statusCode).toBe(429);
      expect(await incoming(bob)).toEqual([]);
    });

    it('refuses a request from another site and one without a session', async () => {
      const foreign = await ctx.app.inject({
        method: 'POST',
        url: '/api/friend-requests',
        payload: { toUserId: bob.id },
        headers: { origin: 'https://elsewhere.example', cookie: ada.cookie },
      });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ error: { code: 'FORBIDDEN_ORIGIN' } });
      expect(
        (await social.call(null, 'POST', '/api/friend-requests', { toUserId: bob.id })).statusCode,
      ).toBe(401);
      expect((await social.call(null, 'GET', '/api/friend-requests')).statusCode).toBe(401);
      expect((await social.call(null, 'GET', '/api/friends')).statusCode).toBe(401);
      expect(await incoming(bob)).toEqual([]);
    });
  });

  describe('friends', () => {
    it('lists friends by name and removing one ends the friendship for both', async () => {
      const carol = await social.signUp('carol@example.com', 'Aaron Early');
      await social.befriend(ada, bob);
      await social.befriend(carol, ada);
      expect((await friends(ada)).map((friend) => friend.name)).toEqual([
        'Aaron Early',
        'Bob Builder',
      ]);

      const removed = await social.call(bob, 'DELETE', `/api/friends/${ada.id}`);
      expect(removed.statusCode).toBe(204);
      expect((await friends(ada)).map((friend) => friend.name)).toEqual(['Aaron Early']);
      expect(await friends(bob)).toEqual([]);
      expect((await search(bob, 'ada'))[0]?.friendshipStatus).toBe('none');
      expect((await social.call(bob, 'DELETE', `/api/friends/${ada.id}`)).statusCode).toBe(404);
      // Either may ask again later (Remove Friend).
      expect((await sendRequest(bob, ada.id)).statusCode).toBe(201);
    });
  });

  describe('realtime', () => {
    it('tells both people about a request, and about its acceptance', async () => {
      const toBob: RealtimeEvent[] = [];
      const toAda: RealtimeEvent[] = [];
      ctx.app.realtime.subscribe(bob.id, (event) => toBob.push(event));
      ctx.app.realtime.subscribe(ada.id, (event) => toAda.push(event));

      const { id } = (await sendRequest(ada, bob.id)).json<{ id: string }>();
      const created = {
        type: 'friend-request.created',
        request: expect.objectContaining({ id, fromUserId: ada.id, toUserId: bob.id }) as unknown,
      };
      expect(toBob).toEqual([created]);
      expect(toAda).toEqual([created]);

      await social.call(bob, 'POST', `/api/friend-requests/${id}/accept`);
      const accepted = [
        { type: 'friend-request.removed', requestId: id },
        { type: 'friendship.changed' },
      ];
      expect(toBob.slice(1)).toEqual(accepted);
      expect(toAda.slice(1)).toEqual(accepted);

      await social.call(ada, 'DELETE', `/api/friends/${bob.id}`);
      expect(toBob.at(-1)).toEqual({ type: 'friendship.changed' });
      expect(toAda.at(-1)).toEqual({ type: 'friendship.changed' });
    });
  });
});
