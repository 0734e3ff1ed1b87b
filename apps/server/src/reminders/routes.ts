import { notificationsApi } from '@daywise/shared/api';

import type { AppInstance } from '../lib/app-instance';
import { ApiError } from '../lib/errors';
import { route } from '../lib/route';
import { claimInTab } from './delivery';
import { unsubscribe } from './unsubscribe';

/**
 * POST /api/notifications/unsubscribe, without a session: from our page (the token in a JSON
 * body) or from a mail client's one-click unsubscribe (a form body, the token in the query).
 * Form bodies are understood on this route only. POST /api/notifications/reminders/claim: an
 * open tab asks whether it may show a reminder that came due (delivery.ts, `claimInTab`).
 */
export async function reminderRoutes(app: AppInstance): Promise<void> {
  await app.register(async (scope: AppInstance) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    route(scope, notificationsApi.unsubscribe, async ({ db, body, query, now }) => {
      const token = body.token ?? query.token;
      if (!token) {
        throw new ApiError('UNSUBSCRIBE_LINK_INVALID');
      }
      await unsubscribe(db, app.reminders.secret, token, now);
      return { ok: true as const };
    });
  });
  route(app, notificationsApi.claimReminder, ({ db, user, body, now }) =>
    claimInTab(db, user.id, body, now),
  );
}
