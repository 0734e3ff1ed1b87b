/** '1 day', '2 days': a count of days as it reads. */
export function formatDayCount(days: number): string {
  return `${days.toLocaleString('en-US')} ${days === 1 ? 'day' : 'days'}`;
}

/** Green at 80 or more, yellow at 50 or more, else red. */
export function performanceTone(percentage: number): 'good' | 'fair' | 'poor' {
  return percentage >= 80 ? 'good' : percentage >= 50 ? 'fair' : 'poor';
}
