/** Green at 80 or more, yellow at 50 or more, else red. */
export function performanceTone(percentage: number): 'good' | 'fair' | 'poor' {
  return percentage >= 80 ? 'good' : percentage >= 50 ? 'fair' : 'poor';
}
