import { createdIdSchema } from '../schemas/contact';
import { feedbackSchema } from '../schemas/feedback';
import { endpoint } from './endpoint';

/** POST /api/feedback: the Feedback page's form, stored on the server. */
export const feedbackApi = {
  send: endpoint({
    method: 'POST',
    path: '/api/feedback',
    summary: 'Send feedback: a rating, a category and what to say',
    tag: 'Feedback',
    access: 'public',
    body: feedbackSchema,
    status: 201,
    response: createdIdSchema,
    errors: [],
  }),
};
