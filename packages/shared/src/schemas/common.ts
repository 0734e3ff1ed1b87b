import { z } from 'zod';

import { EMAIL_PATTERN, LIMITS } from '../constants';
import { MESSAGES } from '../messages';

/** A required, trimmed text field with a cap. */
export function requiredText(requiredMessage: string, label: string, max: number) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, MESSAGES.tooLong(label, max));
}

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(LIMITS.emailMax, MESSAGES.tooLong('Email', LIMITS.emailMax))
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid);
