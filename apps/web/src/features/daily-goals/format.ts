import { PERFORMANCE_THRESHOLDS } from '@daywise/shared';

/** '1 day', '2 days': a count of days as it reads. */
export function formatDayCount(days: number): string {
  return `${days.toLocaleString('en-US')} ${days === 1 ? 'day' : 'days'}`;
}

/** Good (green) from PERFORMANCE_THRESHOLDS.good, fair (yellow) from .fair, else poor (red). */
export function performanceTone(percentage: number): 'good' | 'fair' | 'poor' {
  if (percentage >= PERFORMANCE_THRESHOLDS.good) {
    return 'good';
  }
  return percentage >= PERFORMANCE_THRESHOLDS.fair ? 'fair' : 'poor';
}
