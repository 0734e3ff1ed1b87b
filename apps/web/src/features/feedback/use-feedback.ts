import { MESSAGES } from '@daywise/shared';
import { feedbackApi } from '@daywise/shared/api';
import { type Feedback, type FeedbackInput, feedbackSchema } from '@daywise/shared/schemas';
import { zodResolver } from '@hookform/resolvers/zod';

import { callApi } from '../../lib/api-client';
import { usePublicForm } from '../../lib/use-public-form';

const EMPTY: FeedbackInput = {
  name: '',
  email: '',
  rating: 0,
  category: '' as never,
  feedback: '',
};

/** The Feedback form, stored for the team. */
export const useFeedbackForm = () =>
  usePublicForm({
    resolver: zodResolver(feedbackSchema),
    empty: EMPTY,
    send: (body: Feedback, signal) => callApi(feedbackApi.send, { body }, { signal }),
    sent: MESSAGES.feedbackSent,
    failed: MESSAGES.feedbackFailed,
  });
