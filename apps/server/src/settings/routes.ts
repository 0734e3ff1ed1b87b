import { settingsSchema, settingUpdateSchema, timezoneSchema } from '@daywise/shared/schemas';
import { z } from 'zod';

import type { AppInstance } from '../app';
import { requireSession } from '../auth/session';
import { readSettings, updateSetting } from './settings';

/** GET and PATCH /api/settings: the signed-in user's own settings only. */
export function settingsRoutes(app: AppInstance): void {
  app.get(
    '/api/settings',
    {
      schema: {
        querystring: z.object({ timezone: timezoneSchema.optional() }),
        response: { 200: settingsSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(app.auth, request);
      return readSettings(app.database.db, user.id, app.now(), request.query.timezone);
    },
  );

  app.patch(
    '/api/settings',
    { schema: { body: settingUpdateSchema, response: { 200: settingsSchema } } },
    async (request) => {
      const { user } = await requireSession(app.auth, request);
      return updateSetting(app.database.db, user.id, request.body, app.now());
    },
  );
}
