import { contactApi } from '@daywise/shared/api';

import type { AppInstance } from '../lib/app-instance';
import { publicForm } from '../lib/public-form';
import { route } from '../lib/route';
import { saveContactMessage } from './contact-messages';

/** POST /api/contact: the Contact page's form, stored for the team to answer. */
export function contactRoutes(app: AppInstance): void {
  route(
    app,
    contactApi.send,
    async ({ db, body, now }) => ({ id: await saveContactMessage(db, body, now) }),
    publicForm,
  );
}
