import { z } from 'zod';

import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { emailSchema, requiredText } from './common';

/** The Contact form: name, email, subject, message. */
export const contactSchema = z.object({
  name: requiredText(MESSAGES.nameRequired, 'Name', LIMITS.nameMax),
  email: emailSchema,
  subject: requiredText(MESSAGES.subjectRequired, 'Subject', LIMITS.subjectMax),
  message: requiredText(MESSAGES.messageRequired, 'Message', LIMITS.messageMax),
});

export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;

/** A stored message (or feedback): its id. */
export const createdIdSchema = z.object({ id: z.string() });
