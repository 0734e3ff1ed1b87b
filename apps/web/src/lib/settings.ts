import { DEFAULT_SETTINGS, MESSAGES, todayIn } from '@daywise/shared';
import { settingsApi } from '@daywise/shared/api';
import type { Settings, SettingUpdate } from '@daywise/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { callApi } from './api-client';
import { useBrowserValue } from './browser-value';
import { useOptimisticMutation } from './optimistic';
import { queryKeys } from './query-keys';

let browserZone: string | undefined;

/** This browser's time zone, looked up once: resolving a formatter's options is not cheap. */
function browserTimezone(): string {
  browserZone ??=
    Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_SETTINGS.preferences.timezone;
  return browserZone;
}

/**
 * The user's settings, read once and shared by every page that needs them (the time zone for
 * dates, the Task Reminders switch); the first read creates them starting from the browser's time
 * zone. The Settings page reports a failed read ('Failed to load settings'); elsewhere the
 * defaults stand in quietly.
 */
const settingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.settings,
    // The server, drawing a page, knows no browser's zone; it reads only settings already made
    // (apps/server/src/web/routes.ts).
    queryFn: ({ signal }) =>
      callApi(
        settingsApi.get,
        { query: typeof window === 'undefined' ? {} : { timezone: browserTimezone() } },
        { signal },
      ),
    staleTime: 60_000,
  });

export function useSettings() {
  const query = useQuery(settingsQuery());
  return {
    settings: query.data ?? DEFAULT_SETTINGS,
    isLoading: query.isPending,
    loadFailed: query.isError,
    /** Reads the settings again (the Settings page's Try Again). */
    reload: () => void query.refetch(),
  };
}

/** The user's time zone: the saved one, or this browser's until the settings arrive. */
export function useTimezone(): string {
  const { settings, isLoading, loadFailed } = useSettings();
  // UTC on the server, which cannot know the browser's zone.
  const browser = useBrowserValue(browserTimezone, DEFAULT_SETTINGS.preferences.timezone);
  return isLoading || loadFailed ? browser : settings.preferences.timezone;
}

/** How often an open page checks whether midnight has passed in the user's time zone. */
const DAY_CHECK_INTERVAL_MS = 60_000;

/**
 * Today, YYYY-MM-DD, in the user's time zone (the day badges and the due filter count by it),
 * moving on at midnight while the page stays open.
 */
export function useToday(): string {
  const timezone = useTimezone();
  const [today, setToday] = useState(() => todayIn(timezone, new Date()));
  useEffect(() => {
    const check = () => setToday(todayIn(timezone, new Date()));
    check();
    const timer = setInterval(check, DAY_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [timezone]);
  return today;
}

function apply(settings: Settings, update: SettingUpdate): Settings {
  return { ...settings, [update.group]: { ...settings[update.group], [update.key]: update.value } };
}

/**
 * Saves one setting: shown at once, 'Setting updated' when saved; on failure
 * 'Failed to update setting', the setting goes back, and the settings are read again.
 */
export function useUpdateSetting() {
  return useOptimisticMutation({
    mutationFn: (update: SettingUpdate) => callApi(settingsApi.update, { body: update }),
    touches: () => [queryKeys.settings],
    apply: (queryClient, update) =>
      queryClient.setQueryData<Settings>(queryKeys.settings, (settings) =>
        apply(settings ?? DEFAULT_SETTINGS, update),
      ),
    onSuccess: (queryClient, saved) => queryClient.setQueryData(queryKeys.settings, saved),
    meta: { failed: MESSAGES.settingUpdateFailed },
    // The saved settings are the answer; only a refused change reads the stored ones again.
    refresh: (_update, error) => (error ? [queryKeys.settings] : []),
  });
}
