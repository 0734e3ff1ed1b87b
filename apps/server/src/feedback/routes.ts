import { feedbackApi } from '@daywise/shared/api';

import type { AppInstance } from '../lib/app-instance';
import { publicForm } from '../lib/public-form';
import { route } from '../lib/route';
import { saveFeedback } from './feedback';

/** POST /api/feedback: the Feedback page's form (stored on the server). */
export function feedbackRoutes(app: AppInstance): void {
  route(
    app,
    feedbackApi.send,
    async ({ db, body, now }) => ({ id: await saveFeedback(db, body, now) }),
    publicForm,
  );
}
