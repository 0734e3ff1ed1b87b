import { TOAST_SUCCESS_DURATION_MS } from '@daywise/shared';
import { toast } from 'sonner';

/**
 * The one toast path : success stays 3 s, everything else 4 s.
 * An error already on screen is not stacked again (two lists failing to load say it once).
 */
export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_SUCCESS_DURATION_MS }),
  error: (message: string) => toast.error(message, { id: message }),
  info: (message: string) => toast(message),
};

/**
 * `promise`, settling no sooner than `ms` from now: contact and feedback (docs/product) take
 * about a second (simulated form delay) while the real request runs alongside.
 */
export async function withMinimumDuration<T>(promise: Promise<T>, ms: number): Promise<T> {
  const [result] = await Promise.all([promise, new Promise((resolve) => setTimeout(resolve, ms))]);
  return result;
}
