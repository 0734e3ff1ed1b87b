import { z } from 'zod';

import { FEEDBACK_CATEGORIES, LIMITS, RATING_MAX } from '../constants';
import { MESSAGES } from '../messages';
import { emailSchema, requiredText } from './common';

/**
 * The Feedback form: every field required but the rating, which may stay 0
 * ("not rated"). The category must be one of the six.
 */
export const feedbackSchema = z.object({
  name: requiredText(MESSAGES.nameRequired, 'Name', LIMITS.nameMax),
  email: emailSchema,
  rating: z
    .number({ error: MESSAGES.ratingInvalid })
    .int(MESSAGES.ratingInvalid)
    .min(0, MESSAGES.ratingInvalid)
    .max(RATING_MAX, MESSAGES.ratingInvalid)
    .default(0),
  category: z.enum(FEEDBACK_CATEGORIES, { error: MESSAGES.categoryRequired }),
  feedback: requiredText(MESSAGES.feedbackRequired, 'Feedback', LIMITS.feedbackMax),
});

export type FeedbackInput = z.input<typeof feedbackSchema>;
export type Feedback = z.output<typeof feedbackSchema>;
