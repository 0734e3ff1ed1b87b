import type { AppInstance } from '../app';
import { socialContacts } from './social';

declare module '../lib/events' {
  interface DomainEvents {
    /** Friendships of these users began or ended, or a contact of theirs left. */
    'friendship.changed': { userIds: readonly string[] };
  }
}

export function socialSubscribers(app: AppInstance): void {
  app.events.on('friendship.changed', ({ userIds }) => {
    app.realtime.publish(userIds, { type: 'friendship.changed' });
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
