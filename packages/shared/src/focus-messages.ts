/**
 * The focus timer's texts (issue 33, ADR 0032), for the server's pushes, its 4xx answers and the
 * web's timer bar. A module apart, as list-messages.ts is: only the lazily loaded timer UI reads
 * these (the first-load budgets of scripts/bench-web.mjs), from `@daywise/shared/focus-messages`.
 */
export const FOCUS_MODES = ['pomodoro', 'stopwatch'] as const;
export type FocusMode = (typeof FOCUS_MODES)[number];
export const FOCUS_PHASES = ['focus', 'shortBreak', 'longBreak'] as const;
export type FocusPhase = (typeof FOCUS_PHASES)[number];

/** A todo's estimate: whole minutes, at least 1, at most 10000 (null: none). */
export const ESTIMATE_LIMITS = { min: 1, max: 10000 } as const;

export const FOCUS_MESSAGES = {
  /** The push when a focus period ends. */
  focusDone: (title: string) => `Focus period done: ${title}. Time for a break.`,
  /** The push when a break ends. */
  breakDone: (title: string) => `Break over. Ready to focus on ${title}?`,
  pushTitle: 'Daywise focus timer',
  // The API's 400 and 409 answers.
  oneItem: 'Give exactly one of todoId and taskId',
  modeInvalid: "mode must be 'pomodoro' or 'stopwatch'",
  noTimer: 'No focus timer is running',
  notRunning: 'The focus timer is paused already',
  notPaused: 'The focus timer is running already',
  stopwatchNoSkip: 'A stopwatch has no phases to skip',
  estimateRange: `The estimate must be a whole number of minutes from ${ESTIMATE_LIMITS.min} to ${ESTIMATE_LIMITS.max}`,
  // The web.
  phaseLabel: { focus: 'Focus', shortBreak: 'Short break', longBreak: 'Long break' } as Record<
    FocusPhase,
    string
  >,
  stopwatch: 'Stopwatch',
  pomodoro: 'Pomodoro',
  /** The Focus button's menu: what each way of timing does. */
  modeHint: {
    pomodoro: 'Counts down focus periods and breaks',
    stopwatch: 'Counts up until you stop it',
  } as Record<FocusMode, string>,
  paused: 'Paused',
  pause: 'Pause',
  resume: 'Resume',
  skip: 'Skip to next phase',
  stop: 'Stop',
  focus: 'Focus',
  startFailed: 'Failed to start the focus timer',
  changeFailed: 'Failed to change the focus timer',
  started: (title: string) => `Focusing on ${title}`,
  stopped: 'Focus timer stopped',
  focusTotal: (minutes: number) => `${formatMinutes(minutes)} focused`,
  timerRegion: 'Focus timer',
  estimateLabel: 'Estimate (minutes)',
} as const;

/** 90 → '1 h 30 min', 25 → '25 min'. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) {
    return `${rest} min`;
  }
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
