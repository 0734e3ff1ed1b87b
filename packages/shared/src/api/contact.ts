import { contactSchema, createdIdSchema } from '../schemas/contact';
import { endpoint } from './endpoint';

/** POST /api/contact: the Contact page's form, stored for the team to answer. */
export const contactApi = {
  send: endpoint({
    method: 'POST',
    path: '/api/contact',
    summary: 'Send the team a message',
    tag: 'Contact',
    access: 'public',
    body: contactSchema,
    status: 201,
    response: createdIdSchema,
    errors: [],
  }),
};
