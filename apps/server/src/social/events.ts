import type { FriendRequest, Message } from '@daywise/shared/schemas';

import type { AppInstance } from '../lib/app-instance';
import type { Emitting, EventBus } from '../lib/events';
import { socialContacts } from './social';

export type { Emitting } from '../lib/events';

declare module '../lib/events' {
  interface DomainEvents {
    /** A request was sent; `userIds` are its receiver and its sender. */
    'friend-request.created': { userIds: readonly string[]; request: FriendRequest };
    /** A request was accepted or rejected; `userIds` are both users. */
    'friend-request.removed': { userIds: readonly string[]; requestId: string };
    /**
     * Friendships of these users began or ended, or a contact of theirs left or changed their
     * name or picture.
     */
    'friendship.changed': { userIds: readonly string[] };
    /** A chat was opened, or its last message changed; `userIds` are its participants. */
    'chat.changed': { userIds: readonly string[]; chatId: string };
    'chat.deleted': { userIds: readonly string[]; chatId: string };
    'message.created': { userIds: readonly string[]; message: Message };
    'message.updated': { userIds: readonly string[]; message: Message };
    'message.deleted': { userIds: readonly string[]; chatId: string; messageId: string };
    /** `readerId` read the other participant's messages of the chat. */
    'messages.read': { userIds: readonly string[]; chatId: string; readerId: string };
    /** A shared plan or one of its tasks was created, changed or deleted. */
    'shared-plan.changed': { userIds: readonly string[]; planId: string };
    'shared-plan.deleted': { userIds: readonly string[]; planId: string };
  }
}

/** Runs a social write and emits its events after the commit; answers its result. */
export async function emitting<T>(bus: EventBus, write: Promise<Emitting<T>>): Promise<T> {
  return (await bus.after(write, ({ events }) => events)).result;
}

/** Social events fan out to the named users' sockets as the realtime event of the same type. */
const FANNED_OUT = [
  'friend-request.created',
  'friend-request.removed',
  'friendship.changed',
  'chat.changed',
  'chat.deleted',
  'message.created',
  'message.updated',
  'message.deleted',
  'messages.read',
  'shared-plan.changed',
  'shared-plan.deleted',
] as const;

export function socialSubscribers(app: AppInstance): void {
  for (const type of FANNED_OUT) {
    app.events.on(type, ({ userIds, ...event }) => {
      app.realtime.publish(userIds, event);
    });
  }
  // A new name or picture: everyone who lists the user (friends, requests, chats, shared plans)
  // reads their lists again.
  app.events.on('profile.changed', async ({ userId }) => {
    const contacts = await socialContacts(app.database.db, userId);
    if (contacts.length > 0) {
      app.realtime.publish(contacts, { type: 'friendship.changed' });
    }
  });
  // Social data (ADR 0011) goes for the friend too: a chat's messages and a shared plan's tasks go
  // with them. Everyone who saw the user is told once the deletion has committed.
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    const contacts = await socialContacts(trx, userId);
    await trx
      .deleteFrom('friend_requests')
      .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]))
      .execute();
    await trx
      .deleteFrom('friendships')
      .where((eb) => eb.or([eb('user1_id', '=', userId), eb('user2_id', '=', userId)]))
      .execute();
    await trx
      .deleteFrom('chats')
      .where((eb) => eb.or([eb('user1_id', '=', userId), eb('user2_id', '=', userId)]))
      .execute();
    await trx
      .deleteFrom('shared_plans')
      .where((eb) => eb.or([eb('creator_id', '=', userId), eb('shared_with_id', '=', userId)]))
      .execute();
    return [{ type: 'friendship.changed', userIds: contacts }];
  });
}
