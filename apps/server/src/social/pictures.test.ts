import type { RealtimeEvent } from '@daywise/shared';
import type {
  Chat,
  Friend,
  FriendRequest,
  ProfileVisibility,
  SocialUser,
  UserSearchResult,
} from '@daywise/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createTestApp, ENGINES, SAME_ORIGIN, type TestApp } from '../../test/helpers';
import { solidImage } from '../../test/images';
import { multipartFile } from '../../test/multipart';
import { type SocialClient, socialClient, type TestUser } from '../../test/social-client';

/** One multipart file part named `picture`, as the profile page uploads it. */
const pictureUpload = (data: Buffer) => multipartFile('picture', 'me.png', 'image/png', data);

/**
 * The picture shows in the social payloads only to readers who may see the profile: Public, or
 * Friends Only between friends (docs/product/social.md, "Pictures").
 */
describe.each(ENGINES)('pictures in the social lists on %s', (engine) => {
  let ctx: TestApp;
  let social: SocialClient;
  let ada: TestUser;
  let bob: TestUser;
  let adaPicture: string;

  const upload = async (user: TestUser): Promise<string> => {
    const file = pictureUpload(await solidImage('png'));
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/picture',
      payload: file.payload,
      headers: { ...SAME_ORIGIN, ...file.headers, cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ pictureUrl: string }>().pictureUrl;
  };
  const setVisibility = async (user: TestUser, value: ProfileVisibility) => {
    const setting = { group: 'privacy', key: 'profileVisibility', value };
    expect((await social.call(user, 'PATCH', '/api/settings', setting)).statusCode).toBe(200);
  };
  const read = async <T>(as: TestUser, url: string): Promise<T> => {
    const response = await social.call(as, 'GET', url);
    expect(response.statusCode).toBe(200);
    return response.json<T>();
  };
  const searchFor = async (as: TestUser, q: string) =>
    (await read<{ results: UserSearchResult[] }>(as, `/api/users/search?q=${q}`)).results;
  const friendsOf = async (as: TestUser) =>
    (await read<{ friends: Friend[] }>(as, '/api/friends')).friends;
  const chatsOf = async (as: TestUser) => (await read<{ chats: Chat[] }>(as, '/api/chats')).chats;
  const requestsOf = async (as: TestUser) =>
    (await read<{ requests: FriendRequest[] }>(as, '/api/friend-requests')).requests;
  const pictureOf = (users: SocialUser[], id: string) =>
    users.find((user) => user.id === id)?.profilePictureUrl;

  beforeEach(async () => {
    ctx = await createTestApp(engine);
    social = socialClient(ctx);
    ada = await social.signUp('ada@example.com', 'Ada Lovelace');
    bob = await social.signUp('bob@example.com', 'Bob Builder');
    adaPicture = await upload(ada);
  });
  afterEach(() => ctx.close());

  it('shows a public profile’s picture in search, requests, friends and chats', async () => {
    expect(adaPicture).toMatch(new RegExp(`^/api/users/${ada.id}/picture\\?v=`));
    expect(pictureOf(await searchFor(bob, 'ada'), ada.id)).toBe(adaPicture);

    expect(
      (await social.call(ada, 'POST', '/api/friend-requests', { toUserId: bob.id })).statusCode,
    ).toBe(201);
    expect((await requestsOf(bob)).map((request) => request.sender)).toEqual([
      { name: 'Ada Lovelace', email: 'ada@example.com', profilePictureUrl: adaPicture },
    ]);
    const [request] = await requestsOf(bob);
    const accepted = await social.call(bob, 'POST', `/api/friend-requests/${request?.id}/accept`);
    expect(accepted.json<{ friend: Friend }>().friend.profilePictureUrl).toBe(adaPicture);

    expect(pictureOf(await friendsOf(bob), ada.id)).toBe(adaPicture);
    const opened = await social.call(bob, 'POST', '/api/chats', { friendId: ada.id });
    expect(opened.json<Chat>().friend.profilePictureUrl).toBe(adaPicture);
    expect((await chatsOf(bob)).map((chat) => chat.friend.profilePictureUrl)).toEqual([adaPicture]);
  });

  it('answers the new picture at once, and null once it is removed', async () => {
    await social.befriend(ada, bob);
    const replaced = await upload(ada);
    expect(replaced).not.toBe(adaPicture);
    expect(pictureOf(await friendsOf(bob), ada.id)).toBe(replaced);
    expect(pictureOf(await searchFor(bob, 'ada'), ada.id)).toBe(replaced);

    expect((await social.call(ada, 'DELETE', '/api/profile/picture')).statusCode).toBe(200);
    expect(pictureOf(await friendsOf(bob), ada.id)).toBeNull();
    expect(pictureOf(await searchFor(bob, 'ada'), ada.id)).toBeNull();
  });

  it('shows a friends-only picture to friends, not to a stranger or a former friend', async () => {
    await setVisibility(ada, 'friends');
    const carol = await social.signUp('carol@example.com', 'Carol Stranger');
    // Ada asks Carol: Carol may not see Ada's friends-only profile, so the request has no picture.
    expect(
      (await social.call(ada, 'POST', '/api/friend-requests', { toUserId: carol.id })).statusCode,
    ).toBe(201);
    expect((await requestsOf(carol)).map((request) => request.sender.profilePictureUrl)).toEqual([
      null,
    ]);

    await social.befriend(ada, bob);
    expect(pictureOf(await friendsOf(bob), ada.id)).toBe(adaPicture);
    expect(pictureOf(await searchFor(bob, 'ada'), ada.id)).toBe(adaPicture);
    expect((await social.call(bob, 'POST', '/api/chats', { friendId: ada.id })).statusCode).toBe(
      201,
    );
    expect((await chatsOf(bob)).map((chat) => chat.friend.profilePictureUrl)).toEqual([adaPicture]);
    // Ada sees Bob (public) without a picture: he has none.
    expect(pictureOf(await friendsOf(ada), bob.id)).toBeNull();

    // The chat outlives the friendship, the picture does not.
    expect((await social.call(bob, 'DELETE', `/api/friends/${ada.id}`)).statusCode).toBe(204);
    expect((await chatsOf(bob)).map((chat) => chat.friend.profilePictureUrl)).toEqual([null]);
  });

  it('shows a private profile’s picture to nobody, not even a friend', async () => {
    await social.befriend(ada, bob);
    await social.call(bob, 'POST', '/api/chats', { friendId: ada.id });
    await setVisibility(ada, 'private');
    expect(pictureOf(await friendsOf(bob), ada.id)).toBeNull();
    expect((await chatsOf(bob)).map((chat) => chat.friend.profilePictureUrl)).toEqual([null]);
    // Her own profile still has it.
    expect((await read<{ pictureUrl: string | null }>(ada, '/api/profile')).pictureUrl).toBe(
      adaPicture,
    );

    await setVisibility(ada, 'public');
    expect(pictureOf(await friendsOf(bob), ada.id)).toBe(adaPicture);
  });

  it('treats a user without settings as private', async () => {
    await social.befriend(ada, bob);
    await ctx.database.db.deleteFrom('user_settings').where('user_id', '=', ada.id).execute();
    expect(pictureOf(await friendsOf(bob), ada.id)).toBeNull();
  });

  it('tells the people who list the user when their picture or name changes, and no one else', async () => {
    const carol = await social.signUp('carol@example.com', 'Carol Stranger');
    await social.befriend(ada, bob);
    const toBob: RealtimeEvent[] = [];
    const toCarol: RealtimeEvent[] = [];
    ctx.app.realtime.subscribe(bob.id, (event) => toBob.push(event));
    ctx.app.realtime.subscribe(carol.id, (event) => toCarol.push(event));

    await upload(ada);
    expect(toBob).toEqual([{ type: 'friendship.changed' }]);
    expect((await social.call(ada, 'DELETE', '/api/profile/picture')).statusCode).toBe(200);
    expect(toBob).toHaveLength(2);
    const renamed = await social.call(ada, 'PATCH', '/api/profile', {
      name: 'Ada King',
      bio: '',
      location: '',
      website: '',
    });
    expect(renamed.statusCode).toBe(200);
    expect(toBob).toHaveLength(3);
    expect(toCarol).toEqual([]);
  });
});
