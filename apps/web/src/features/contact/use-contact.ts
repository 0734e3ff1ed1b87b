import { MESSAGES } from '@daywise/shared';
import { contactApi } from '@daywise/shared/api';
import { type Contact, type ContactInput, contactSchema } from '@daywise/shared/schemas';
import { zodResolver } from '@hookform/resolvers/zod';

import { callApi } from '../../lib/api-client';
import { usePublicForm } from '../../lib/use-public-form';

const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '' };

/** The Contact form, sent to the team. */
export const useContactForm = () =>
  usePublicForm({
    resolver: zodResolver(contactSchema),
    empty: EMPTY,
    send: (body: Contact, signal) => callApi(contactApi.send, { body }, { signal }),
    sent: MESSAGES.contactSent,
    failed: MESSAGES.contactFailed,
  });
