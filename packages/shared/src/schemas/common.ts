import { z } from 'zod';

import { EMAIL_PATTERN, LIMITS } from '../constants';
import { MESSAGES } from '../messages';

/** A required, trimmed text field with a cap. */
export function requiredText(requiredMessage: string, label: string, max: number) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, { error: MESSAGES.tooLong(label, max), abort: true });
}

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  // abort: a zod 4 check still runs after a failed one unless the failed one aborts (ADR 0013).
  .max(LIMITS.emailMax, { error: MESSAGES.tooLong('Email', LIMITS.emailMax), abort: true })
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid);
