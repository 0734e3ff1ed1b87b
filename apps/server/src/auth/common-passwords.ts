import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Common passwords (ADR 0013), server side only so the web bundle stays small. The list is the
 * 49,000 most common passwords zxcvbn ships, most common first.
 */
const list = dictionary['passwords-common'];
const COMMON = new Set(list.map((password) => password.toLowerCase()));
/**
 * The bases people decorate: the thousand most common entries. A base followed only by digits and
 * symbols ('Summer2026', 'Welcome1!') is as guessable as the base; deeper in the list the bases
 * are ordinary words, and refusing every word plus a number would refuse too much.
 */
const DECORATED_BASES = new Set(list.slice(0, 1000).map((password) => password.toLowerCase()));

/** Whether `password` is a listed password, or a top base with digits or symbols after it. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) {
    return true;
  }
  let end = lower.length;
  while (end > 0 && !/[a-z]/.test(lower.charAt(end - 1))) {
    end -= 1;
  }
  return end < lower.length && DECORATED_BASES.has(lower.slice(0, end));
}
