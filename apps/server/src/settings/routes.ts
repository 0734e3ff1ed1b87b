import { settingsApi } from '@daywise/shared/api';

import type { AppInstance } from '../app';
import { route } from '../lib/route';
import { readSettings, updateSetting } from './settings';

/** GET and PATCH /api/settings: the signed-in user's own settings only. */
export function settingsRoutes(app: AppInstance): void {
  route(app, settingsApi.get, ({ db, user, now, query }) =>
    readSettings(db, user.id, query.timezone, now),
  );

  route(app, settingsApi.update, ({ db, user, body, now }) =>
    updateSetting(db, user.id, body, now),
  );
}
