import { settingsApi } from '@daywise/shared/api';

import type { AppInstance } from '../lib/app-instance';
import { bearerToken } from '../lib/bearer';
import { route } from '../lib/route';
import { readSettings, updateSetting } from './settings';

/**
 * GET and PATCH /api/settings: the signed-in user's own settings only. Either may set the time
 * zone (a first read starts from the browser's), so the cached one is forgotten (ADR 0018). Only
 * the browser's session may: settings are cookie-only, so a first read with an API token starts
 * from the default zone (ADR 0022).
 */
export function settingsRoutes(app: AppInstance): void {
  route(app, settingsApi.get, async ({ db, user, now, query, request }) => {
    const timezone = bearerToken(request) === undefined ? query.timezone : undefined;
    const settings = await readSettings(db, user.id, timezone, now);
    if (timezone) {
      app.sessionCache.forgetTimezone(user.id);
    }
    return settings;
  });

  route(app, settingsApi.update, async ({ db, user, body, now, events }) => {
    const settings = await db.transaction().execute(async (trx) => {
      const updated = await updateSetting(trx, user.id, body, now);
      await events.within(trx, { type: 'settings.changed', userId: user.id, key: body.key });
      return updated;
    });
    app.sessionCache.forgetTimezone(user.id);
    return settings;
  });
}
