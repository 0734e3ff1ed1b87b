import { PUBLIC_FORM_BODY_LIMIT_BYTES, PUBLIC_FORM_RATE_LIMIT } from '@daywise/shared';
import { feedbackSchema } from '@daywise/shared/schemas';
import { z } from 'zod';

import type { AppInstance } from '../app';
import { saveFeedback } from './feedback';

/** POST /api/feedback: the Feedback page's form (stored on the server). */
export function feedbackRoutes(app: AppInstance): void {
  app.post(
    '/api/feedback',
    {
      schema: { body: feedbackSchema, response: { 201: z.object({ id: z.string() }) } },
      bodyLimit: PUBLIC_FORM_BODY_LIMIT_BYTES,
      config: {
        rateLimit: { max: PUBLIC_FORM_RATE_LIMIT.max, timeWindow: PUBLIC_FORM_RATE_LIMIT.windowMs },
      },
    },
    async (request, reply) => {
      const id = await saveFeedback(app.database.db, request.body);
      return reply.status(201).send({ id });
    },
  );
}
