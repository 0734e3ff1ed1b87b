import { z } from 'zod';

import { okSchema } from '../schemas/auth';
import { endpoint } from './endpoint';
import { idSchema } from './params';

/**
 * One occurrence of a reminder (reminderOccurrence in ../reminder-moments.ts): a todo or a plan task, and
 * the instant it was for.
 */
const reminderClaimSchema = z.object({
  kind: z.enum(['todo', 'task']),
  itemId: idSchema,
  occurrence: z.iso.datetime(),
});

/** The signed token of a reminder email's "turn off" link. */
const unsubscribeTokenSchema = z.string().min(1).max(300);

/**
 * POST /api/notifications/unsubscribe: turns Email Notifications off for the user a reminder
 * email's token names, without a session. Our page sends the token in the JSON body; a mail
 * client's one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` as a form to the
 * email's List-Unsubscribe address, which carries the token in its query.
 */
export const notificationsApi = {
  unsubscribe: endpoint({
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    summary: 'Turn reminder emails off with the signed token of a reminder email',
    tag: 'Notifications',
    access: 'public',
    query: z.object({ token: unsubscribeTokenSchema.optional() }),
    body: z.object({
      token: unsubscribeTokenSchema.optional(),
      'List-Unsubscribe': z.literal('One-Click').optional(),
    }),
    response: okSchema,
    errors: ['UNSUBSCRIBE_LINK_INVALID'],
  }),
  claimReminder: endpoint({
    method: 'POST',
    path: '/api/notifications/reminders/claim',
    summary: 'Claim the showing of a reminder in this tab: true if nothing delivered it yet',
    tag: 'Notifications',
    access: 'user',
    body: reminderClaimSchema,
    response: z.object({ show: z.boolean() }),
    errors: ['NOT_FOUND'],
  }),
};
