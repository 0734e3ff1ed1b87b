import type { WEEK_STARTS } from '@daywise/shared';

import { useSettings } from './settings';

/**
 * The day the user's weeks start on (ADR 0031): chosen in Settings, or the browser locale's
 * ('locale', the default). Only the calendar and Settings read it, so it stays out of the
 * dashboard's first load.
 */

/** The weekday a week starts on: 1 Monday … 7 Sunday, as Intl's week info numbers them. */
export type WeekStart = 1 | 7;

/** The locale's first day of the week (Monday where the browser cannot say). */
export function localeWeekStart(locale: string): WeekStart {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const firstDay = (info.getWeekInfo?.() ?? info.weekInfo)?.firstDay;
    return firstDay === 7 ? 7 : 1;
  } catch {
    return 1;
  }
}

/** This browser's week start; Monday where there is no browser (the server drawing a page). */
export const browserWeekStart = (): WeekStart =>
  typeof navigator === 'undefined' ? 1 : localeWeekStart(navigator.language);

/** The setting as a weekday. */
export function weekStartFrom(setting: (typeof WEEK_STARTS)[number]): WeekStart {
  if (setting === 'monday') {
    return 1;
  }
  return setting === 'sunday' ? 7 : browserWeekStart();
}

/** The user's week start: the setting once read, the locale's until then. */
export function useWeekStart(): WeekStart {
  const { settings } = useSettings();
  return weekStartFrom(settings.preferences.weekStart);
}
