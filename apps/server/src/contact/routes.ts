import { PUBLIC_FORM_BODY_LIMIT_BYTES, PUBLIC_FORM_RATE_LIMIT } from '@daywise/shared';
import { contactSchema } from '@daywise/shared/schemas';
import { z } from 'zod';

import type { AppInstance } from '../app';
import { saveContactMessage } from './contact-messages';

/** POST /api/contact: the Contact page's form, stored for the team to answer. */
export function contactRoutes(app: AppInstance): void {
  app.post(
    '/api/contact',
    {
      schema: { body: contactSchema, response: { 201: z.object({ id: z.string() }) } },
      bodyLimit: PUBLIC_FORM_BODY_LIMIT_BYTES,
      config: {
        rateLimit: { max: PUBLIC_FORM_RATE_LIMIT.max, timeWindow: PUBLIC_FORM_RATE_LIMIT.windowMs },
      },
    },
    async (request, reply) => {
      const id = await saveContactMessage(app.database.db, request.body);
      return reply.status(201).send({ id });
    },
  );
}
