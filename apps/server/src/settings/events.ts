import type { SettingUpdate } from '@daywise/shared/schemas';

import type { AppInstance } from '../lib/app-instance';

declare module '../lib/events' {
  interface DomainEvents {
    /** One of the user's settings changed; emitted with `within` inside the write's transaction. */
    'settings.changed': { userId: string; key: SettingUpdate['key'] };
  }
}

export function settingsSubscribers(app: AppInstance): void {
  app.events.onWithin('account.deleted', async (trx, { userId }) => {
    await trx.deleteFrom('user_settings').where('user_id', '=', userId).execute();
  });
}
