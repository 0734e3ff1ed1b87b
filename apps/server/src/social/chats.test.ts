import {
  MESSAGE_EDIT_WINDOW_MS,
  MESSAGES,
  type RealtimeEvent,
  SOCIAL_LIMITS,
  SOCIAL_RATE_LIMIT,
} from '@daywise/shared';
import type { Chat, Message, MessagePage } from '@daywise/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ENGINES, type TestApp } from '../../test/helpers';
import {
  friendsOnClock,
  type SocialClient,
  type TestClock,
  type TestUser,
} from '../../test/social-client';
import { newId } from '../lib/ids';

describe.each(ENGINES)('chats on %s', (engine) => {
  let ctx: TestApp, social: SocialClient, ada: TestUser, bob: TestUser, clock: TestClock;
  beforeEach(async () => {
    ({ ctx, social, ada, bob, clock } = await friendsOnClock(engine));
  });
  afterEach(() => ctx.close());

  const open = async (as: TestUser, friend: TestUser) => {
    const response = await social.call(as, 'POST', '/api/chats', { friendId: friend.id });
    expect([200, 201]).toContain(response.statusCode);
    return response.json<Chat>();
  };
  const send = async (as: TestUser, chatId: string, content: string) => {
    const response = await social.call(as, 'POST', `/api/chats/${chatId}/messages`, { content });
    expect(response.statusCode).toBe(201);
    return response.json<Message>();
  };
  const chats = async (as: TestUser) =>
    (await social.call(as, 'GET', '/api/chats')).json<{ chats: Chat[] }>().chats;
  const page = async (as: TestUser, chatId: string, query = '') => {
    const response = await social.call(as, 'GET', `/api/chats/${chatId}/messages${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<MessagePage>();
  };
  const storedMessages = (chatId: string) =>
    ctx.database.db
      .selectFrom('messages')
      .selectAll()
      .where('chat_id', '=', chatId)
      .orderBy('created_at')
      .execute();

  it('opens one chat per pair, only with a friend', async () => {
    const first = await social.call(ada, 'POST', '/api/chats', { friendId: bob.id });
    expect(first.statusCode).toBe(201);
    const chat = first.json<Chat>();
    expect(chat).toEqual({
      id: chat.id,
      friend: {
        id: bob.id,
        name: 'Bob Builder',
        email: 'bob@example.com',
        profilePictureUrl: null,
      },
      lastMessage: null,
      lastMessageAt: null,
      unreadCount: 0,
      createdAt: clock.now().toISOString(),
    });
    const again = await social.call(ada, 'POST', '/api/chats', { friendId: bob.id });
    expect(again.statusCode).toBe(200);
    expect(again.json<Chat>().id).toBe(chat.id);
    const fromBob = await open(bob, ada);
    expect(fromBob.id).toBe(chat.id);
    expect(fromBob.friend.id).toBe(ada.id);

    const carol = await social.signUp('carol@example.com', 'Carol Stranger');
    const stranger = await social.call(ada, 'POST', '/api/chats', { friendId: carol.id });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({
      error: { code: 'NOT_FRIENDS', message: MESSAGES.friendsOnly },
    });
    expect((await social.call(ada, 'POST', '/api/chats', { friendId: ada.id })).statusCode).toBe(
      403,
    );
    expect(await chats(carol)).toEqual([]);
  });

  it('sends, previews the first 100 characters, counts unread, and marks read', async () => {
    const chat = await open(ada, bob);
    const long = `${'x'.repeat(120)} end`;
    const message = await send(ada, chat.id, `  ${long}  `);
    expect(message).toEqual({
      id: message.id,
      chatId: chat.id,
      senderId: ada.id,
      content: long,
      messageType: 'text',
      createdAt: clock.now().toISOString(),
      isRead: false,
      isEdited: false,
      editedAt: null,
    });
    const [bobsChat] = await chats(bob);
    expect(bobsChat).toMatchObject({
      id: chat.id,
      lastMessage: 'x'.repeat(100),
      lastMessageAt: message.createdAt,
      unreadCount: 1,
    });
    expect((await chats(ada))[0]?.unreadCount).toBe(0);

    // Ada reading marks nothing: the only message is her own.
    expect((await social.call(ada, 'POST', `/api/chats/${chat.id}/read`)).json()).toEqual({
      updated: 0,
    });
    const read = await social.call(bob, 'POST', `/api/chats/${chat.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ updated: 1 });
    expect((await social.call(bob, 'POST', `/api/chats/${chat.id}/read`)).json()).toEqual({
      updated: 0,
    });
    expect((await chats(bob))[0]?.unreadCount).toBe(0);
    expect((await page(ada, chat.id)).messages[0]?.isRead).toBe(true);
  });

  it('lists chats by newest activity', async () => {
    const carol = await social.signUp('carol@example.com', 'Carol Third');
    await social.befriend(carol, ada);
    const withBob = await open(ada, bob);
    clock.advance(1000);
    const withCarol = await open(ada, carol);
    expect((await chats(ada)).map((chat) => chat.id)).toEqual([withCarol.id, withBob.id]);
    clock.advance(1000);
    await send(bob, withBob.id, 'Still there?');
    expect((await chats(ada)).map((chat) => chat.id)).toEqual([withBob.id, withCarol.id]);
  });

  it('keeps the order of messages sent within the same millisecond', async () => {
    const chat = await open(ada, bob);
    for (const content of ['one', 'two', 'three', 'four']) {
      await send(content.length % 2 ? ada : bob, chat.id, content);
    }
    const { messages } = await page(bob, chat.id);
    expect(messages.map((message) => message.content)).toEqual(['one', 'two', 'three', 'four']);
    const times = messages.map((message) => message.createdAt);
    expect([...new Set(times)]).toHaveLength(4);
  });

  it('pages back through history with a keyset cursor, oldest first', async () => {
    const chat = await open(ada, bob);
    const start = clock.now().getTime();
    await ctx.database.db
      .insertInto('messages')
      .values(
        Array.from({ length: 120 }, (_, index) => ({
          id: newId(),
          chat_id: chat.id,
          sender_id: index % 2 ? ada.id : bob.id,
          content: `message ${index}`,
          edited_at: null,
          created_at: new Date(start + index * 1000).toISOString(),
        })),
      )
      .execute();
    const contents = (result: MessagePage) => result.messages.map((message) => message.content);
    const range = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, index) => `message ${from + index}`);

    const first = await page(ada, chat.id);
    expect(contents(first)).toEqual(range(70, 120));
    expect(first.nextCursor).toBe(first.messages[0]?.id);
    const second = await page(ada, chat.id, `?before=${first.nextCursor}`);
    expect(contents(second)).toEqual(range(20, 70));
    const third = await page(ada, chat.id, `?before=${second.nextCursor}`);
    expect(contents(third)).toEqual(range(0, 20));
    expect(third.nextCursor).toBeNull();

    const big = await page(ada, chat.id, '?limit=100');
    expect(contents(big)).toEqual(range(20, 120));
    const exact = await page(ada, chat.id, `?limit=20&before=${second.nextCursor}`);
    expect(exact.nextCursor).toBeNull();

    for (const query of ['?limit=0', '?limit=101', '?limit=ten']) {
      expect(
        (await social.call(ada, 'GET', `/api/chats/${chat.id}/messages${query}`)).statusCode,
      ).toBe(400);
    }
    expect(
      (await social.call(ada, 'GET', `/api/chats/${chat.id}/messages?before=unknown`)).statusCode,
    ).toBe(404);
  });

  it('lets only the sender edit, within 5 minutes, and marks the message edited', async () => {
    const chat = await open(ada, bob);
    const message = await send(ada, chat.id, 'Helo');
    const url = `/api/chats/${chat.id}/messages/${message.id}`;

    const byFriend = await social.call(bob, 'PATCH', url, { content: 'Hacked' });
    expect(byFriend.statusCode).toBe(403);
    expect(byFriend.json()).toEqual({
      error: {
        code: 'NOT_MESSAGE_SENDER',
        message: 'Permission denied - You can only edit your own messages',
      },
    });

    clock.advance(MESSAGE_EDIT_WINDOW_MS);
    const edited = await social.call(ada, 'PATCH', url, { content: ' Hello ' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      id: message.id,
      content: 'Hello',
      isEdited: true,
      editedAt: clock.now().toISOString(),
      createdAt: message.createdAt,
    });
    expect((await chats(bob))[0]?.lastMessage).toBe('Hello');

    clock.advance(1);
    const late = await social.call(ada, 'PATCH', url, { content: 'Too late' });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({
      error: {
        code: 'EDIT_WINDOW_PASSED',
        message: 'Message can only be edited within 5 minutes of sending',
      },
    });
    expect((await storedMessages(chat.id))[0]?.content).toBe('Hello');
  });

  it('lets only the sender delete, and the preview falls back to the previous message', async () => {
    const chat = await open(ada, bob);
    const first = await send(bob, chat.id, 'First');
    clock.advance(10 * 60_000);
    const second = await send(ada, chat.id, 'Second');

    const byFriend = await social.call(
      bob,
      'DELETE',
      `/api/chats/${chat.id}/messages/${second.id}`,
    );
    expect(byFriend.statusCode).toBe(403);
    expect(byFriend.json()).toEqual({
      error: {
        code: 'NOT_MESSAGE_SENDER',
        message: 'Permission denied - You can only delete your own messages',
      },
    });
    // Deleting has no time limit.
    const deleted = await social.call(ada, 'DELETE', `/api/chats/${chat.id}/messages/${second.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await page(bob, chat.id)).messages.map((message) => message.id)).toEqual([first.id]);
    expect((await chats(ada))[0]).toMatchObject({
      lastMessage: 'First',
      lastMessageAt: first.createdAt,
    });
    expect(
      (await social.call(ada, 'DELETE', `/api/chats/${chat.id}/messages/${second.id}`)).statusCode,
    ).toBe(404);

    await social.call(bob, 'DELETE', `/api/chats/${chat.id}/messages/${first.id}`);
    expect((await chats(ada))[0]).toMatchObject({ lastMessage: null, lastMessageAt: null });
  });

  it('refuses blank and too long messages and stores nothing', async () => {
    const chat = await open(ada, bob);
    const url = `/api/chats/${chat.id}/messages`;
    const blank = await social.call(ada, 'POST', url, { content: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: MESSAGES.messageRequiredText },
    });
    const tooLong = await social.call(ada, 'POST', url, {
      content: 'x'.repeat(SOCIAL_LIMITS.messageMax + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect((await social.call(ada, 'POST', url, {})).statusCode).toBe(400);
    expect(await storedMessages(chat.id)).toEqual([]);

    const message = await send(ada, chat.id, 'x'.repeat(SOCIAL_LIMITS.messageMax));
    const blankEdit = await social.call(ada, 'PATCH', `${url}/${message.id}`, { content: ' ' });
    expect(blankEdit.statusCode).toBe(400);
    expect((await storedMessages(chat.id))[0]?.content).toBe('x'.repeat(SOCIAL_LIMITS.messageMax));
  });

  it('needs the friendship to send, but the history stays readable', async () => {
    const chat = await open(ada, bob);
    await send(ada, chat.id, 'Bye');
    expect((await social.call(bob, 'DELETE', `/api/friends/${ada.id}`)).statusCode).toBe(204);
    const refused = await social.call(ada, 'POST', `/api/chats/${chat.id}/messages`, {
      content: 'Wait',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'NOT_FRIENDS' } });
    expect((await page(bob, chat.id)).messages.map((message) => message.content)).toEqual(['Bye']);
  });

  it('deletes the chat for both, with its messages', async () => {
    const chat = await open(ada, bob);
    await send(ada, chat.id, 'Hi');
    await send(bob, chat.id, 'Hello');
    const deleted = await social.call(bob, 'DELETE', `/api/chats/${chat.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await chats(ada)).toEqual([]);
    expect(await chats(bob)).toEqual([]);
    expect(await storedMessages(chat.id)).toEqual([]);
    expect((await social.call(ada, 'GET', `/api/chats/${chat.id}/messages`)).statusCode).toBe(404);
    // Opening again starts a fresh chat.
    expect((await open(ada, bob)).id).not.toBe(chat.id);
  });

  it(`limits each user to ${SOCIAL_RATE_LIMIT.messages.max} messages a minute`, async () => {
    const chat = await open(ada, bob);
    for (let index = 0; index < SOCIAL_RATE_LIMIT.messages.max; index += 1) {
      await send(ada, chat.id, `m${index}`);
    }
    const limited = await social.call(ada, 'POST', `/api/chats/${chat.id}/messages`, {
      content: 'one more',
    });
    expect(limited.statusCode).toBe(429);
    expect(await storedMessages(chat.id)).toHaveLength(SOCIAL_RATE_LIMIT.messages.max);
    // Bob is counted apart.
    await send(bob, chat.id, 'my turn');
  });

  it('needs a session and, for changes, our own Origin', async () => {
    const chat = await open(ada, bob);
    expect((await social.call(null, 'GET', '/api/chats')).statusCode).toBe(401);
    expect((await social.call(null, 'GET', `/api/chats/${chat.id}/messages`)).statusCode).toBe(401);
    expect(
      (await social.call(null, 'POST', `/api/chats/${chat.id}/messages`, { content: 'hi' }))
        .statusCode,
    ).toBe(401);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/chats/${chat.id}/messages`,
      payload: { content: 'hi' },
      headers: { origin: 'https://elsewhere.example', cookie: ada.cookie },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await storedMessages(chat.id)).toEqual([]);
  });

  it('delivers message and chat events to both participants', async () => {
    const chat = await open(ada, bob);
    const toBob: RealtimeEvent[] = [];
    const toAda: RealtimeEvent[] = [];
    ctx.app.realtime.subscribe(bob.id, (event) => toBob.push(event));
    ctx.app.realtime.subscribe(ada.id, (event) => toAda.push(event));

    const message = await send(ada, chat.id, 'Ping');
    const sent = [
      { type: 'message.created', message },
      { type: 'chat.changed', chatId: chat.id },
    ];
    expect(toBob).toEqual(sent);
    expect(toAda).toEqual(sent);

    const edited = (
      await social.call(ada, 'PATCH', `/api/chats/${chat.id}/messages/${message.id}`, {
        content: 'Pong',
      })
    ).json<Message>();
    await social.call(bob, 'POST', `/api/chats/${chat.id}/read`);
    await social.call(ada, 'DELETE', `/api/chats/${chat.id}/messages/${message.id}`);
    await social.call(bob, 'DELETE', `/api/chats/${chat.id}`);
    const rest = [
      { type: 'message.updated', message: edited },
      { type: 'chat.changed', chatId: chat.id },
      { type: 'messages.read', chatId: chat.id, readerId: bob.id },
      { type: 'message.deleted', chatId: chat.id, messageId: message.id },
      { type: 'chat.changed', chatId: chat.id },
      { type: 'chat.deleted', chatId: chat.id },
    ];
    expect(toBob.slice(2)).toEqual(rest);
    expect(toAda.slice(2)).toEqual(rest);
  });
});
