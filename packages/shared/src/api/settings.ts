import { z } from 'zod';

import { settingsSchema, settingUpdateSchema, timezoneSchema } from '../schemas/settings';
import { endpoint } from './endpoint';

const tag = 'Settings';

/** /api/settings: the signed-in user's own settings. */
export const settingsApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/settings',
    summary: "The settings, made on first read (from the browser's time zone if given)",
    tag,
    access: 'user',
    query: z.object({ timezone: timezoneSchema.optional() }),
    response: settingsSchema,
    errors: [],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/settings',
    summary: 'Change one setting',
    tag,
    access: 'user',
    // Who may find the profile and where account emails go are not a script's to change.
    cookieOnly: true,
    body: settingUpdateSchema,
    response: settingsSchema,
    errors: [],
  }),
};
