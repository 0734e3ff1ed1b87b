import {
  DEFAULT_SETTINGS,
  FOCUS_LIMITS,
  MESSAGES,
  PROFILE_VISIBILITIES,
  type Theme,
} from '@daywise/shared';
import type { Settings, SettingUpdate } from '@daywise/shared/schemas';
import { ShieldCheck } from 'lucide-react';
import { useMemo } from 'react';

import { Toggle } from '../../components/toggle';
import { useTheme } from '../../lib/theme';
import { browserWeekStart } from '../../lib/week-start';
import { SettingRow, SettingSelect, SettingsSection } from './setting-controls';

type WeekStartSetting = Settings['preferences']['weekStart'];

/** Saves one setting, saying `success` (or 'Setting updated') once saved. */
export type SaveSetting = (change: SettingUpdate, success?: string) => void;

const VISIBILITY_LABELS: Record<(typeof PROFILE_VISIBILITIES)[number], string> = {
  private: 'Private',
  public: 'Public',
  friends: 'Friends Only',
};

const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

const VISIBILITY_OPTIONS = PROFILE_VISIBILITIES.map(
  (visibility) => [visibility, VISIBILITY_LABELS[visibility]] as const,
);

const THEME_OPTIONS = (Object.keys(THEME_LABELS) as Theme[]).map(
  (value) => [value, THEME_LABELS[value]] as const,
);

/**
 * Every timezone as a choice ('America/New York'): the accounts' default (UTC) first, which the
 * browser's list leaves out, then the current one if the browser does not know it.
 */
function allTimezones(current: string): (readonly [string, string])[] {
  const utc = DEFAULT_SETTINGS.preferences.timezone;
  const zones = [utc, ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== utc)];
  return (zones.includes(current) ? zones : [current, ...zones]).map(
    (zone) => [zone, zone.replaceAll('_', ' ')] as const,
  );
}

/** Profile Visibility and Activity Tracking, with Privacy Mode shown while tracking is off. */
export function PrivacySection({ settings, save }: { settings: Settings; save: SaveSetting }) {
  const analyticsOff = !settings.privacy.activityTracking;
  return (
    <SettingsSection title="Privacy & Security">
      <SettingRow
        label="Profile Visibility"
        description="Who can find your profile in friend search."
        control={(ids) => (
          <SettingSelect
            ids={ids}
            value={settings.privacy.profileVisibility}
            options={VISIBILITY_OPTIONS}
            onChange={(value) => save({ group: 'privacy', key: 'profileVisibility', value })}
          />
        )}
      />
      <SettingRow
        label="Activity Tracking"
        description="Analytics, charts and streaks built from your activity."
        control={(ids) => (
          <div className="flex items-center gap-3">
            {analyticsOff && (
              <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800 dark:bg-gray-700 dark:text-gray-100">
                Disabled
              </span>
            )}
            <Toggle
              {...ids}
              checked={settings.privacy.activityTracking}
              onChange={(value) =>
                save(
                  { group: 'privacy', key: 'activityTracking', value },
                  value ? MESSAGES.analyticsEnabled : MESSAGES.analyticsDisabled,
                )
              }
            />
          </div>
        )}
      >
        {analyticsOff && (
          <p className="mt-3 flex items-center gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800 dark:bg-green-950 dark:text-green-100">
            <ShieldCheck aria-hidden className="size-4" />
            Privacy Mode Active
          </p>
        )}
      </SettingRow>
    </SettingsSection>
  );
}

/** The week starts: the locale's, named by the day it is here, or a day chosen (ADR 0031). */
function weekStartOptions(): (readonly [WeekStartSetting, string])[] {
  const locale = browserWeekStart() === 7 ? 'Sunday' : 'Monday';
  return [
    ['locale', `Your locale's (${locale})`],
    ['monday', 'Monday'],
    ['sunday', 'Sunday'],
  ];
}

/** Every half hour of a day, HH:MM, and `current` if it falls between them. */
function halfHours(current: string): string[] {
  const times = Array.from({ length: 48 }, (_, index) => {
    const hours = String(Math.floor(index / 2)).padStart(2, '0');
    return `${hours}:${index % 2 === 0 ? '00' : '30'}`;
  });
  return times.includes(current) ? times : [...times, current].sort();
}

/** The times the day may start at (before its end) or end at (after its start). */
function dayTimeOptions(current: string, allowed: (time: string) => boolean) {
  return halfHours(current)
    .filter((time) => time === current || allowed(time))
    .map((time) => [time, time] as const);
}

/**
 * Theme, which applies at once on this device, the time zone, the week's first day, and when the
 * user's day starts and ends (the plan's timeline and the review).
 */
export function PreferencesSection({ settings, save }: { settings: Settings; save: SaveSetting }) {
  const { theme, setTheme } = useTheme();
  const { dayStart, dayEnd } = settings.preferences;
  const timezones = useMemo(
    () => allTimezones(settings.preferences.timezone),
    [settings.preferences.timezone],
  );

  const changeTheme = (next: Theme) => {
    // The theme applies at once on this device (and the navigation toggle follows); it is also
    // kept with the account's settings.
    setTheme(next);
    save(
      { group: 'preferences', key: 'theme', value: next },
      MESSAGES.themeChanged(THEME_LABELS[next]),
    );
  };

  return (
    <SettingsSection title="Preferences">
      <SettingRow
        label="Theme"
        description="Light, dark, or follow your device."
        control={(ids) => (
          <SettingSelect ids={ids} value={theme} options={THEME_OPTIONS} onChange={changeTheme} />
        )}
      />
      <SettingRow
        label="Timezone"
        description="Decides when your day starts and ends."
        control={(ids) => (
          <SettingSelect
            ids={ids}
            value={settings.preferences.timezone}
            options={timezones}
            onChange={(value) => save({ group: 'preferences', key: 'timezone', value })}
            className="max-w-48"
          />
        )}
      />
      <SettingRow
        label="Week starts on"
        description="The first day of each week in the calendar."
        control={(ids) => (
          <SettingSelect
            ids={ids}
            value={settings.preferences.weekStart}
            options={weekStartOptions()}
            onChange={(value) => save({ group: 'preferences', key: 'weekStart', value })}
          />
        )}
      />
      <SettingRow
        label="Day starts at"
        description="Where your plan's timeline begins."
        control={(ids) => (
          <SettingSelect
            ids={ids}
            value={dayStart}
            options={dayTimeOptions(dayStart, (time) => time < dayEnd)}
            onChange={(value) => save({ group: 'preferences', key: 'dayStart', value })}
          />
        )}
      />
      <SettingRow
        label="Day ends at"
        description="Where your plan's timeline ends, and when your day is reviewed."
        control={(ids) => (
          <SettingSelect
            ids={ids}
            value={dayEnd}
            options={dayTimeOptions(dayEnd, (time) => time > dayStart)}
            onChange={(value) => save({ group: 'preferences', key: 'dayEnd', value })}
          />
        )}
      />
    </SettingsSection>
  );
}

type FocusKey = keyof typeof FOCUS_LIMITS;

/** Each focus setting: its label, what it says, and what its choices read as. */
const FOCUS_ROWS: { key: FocusKey; label: string; description: string; unit: string }[] = [
  { key: 'focusMinutes', label: 'Focus length', description: 'One focus period.', unit: 'min' },
  {
    key: 'shortBreakMinutes',
    label: 'Short break',
    description: 'After each focus period.',
    unit: 'min',
  },
  {
    key: 'longBreakMinutes',
    label: 'Long break',
    description: 'After several focus periods.',
    unit: 'min',
  },
  {
    key: 'longBreakEvery',
    label: 'Long break after',
    description: 'How many focus periods come before a long break.',
    unit: 'periods',
  },
];

/** Every value the focus setting allows, as its choices ('25 min'). */
function focusOptions(key: FocusKey, unit: string): (readonly [string, string])[] {
  const { min, max } = FOCUS_LIMITS[key];
  return Array.from({ length: max - min + 1 }, (_, index) => {
    const value = String(min + index);
    return [value, `${value} ${unit}`] as const;
  });
}

/** The focus timer's lengths (Pomodoro: 25 minutes, 5, and 15 after every 4). */
export function FocusSection({ settings, save }: { settings: Settings; save: SaveSetting }) {
  return (
    <SettingsSection title="Focus timer">
      {FOCUS_ROWS.map(({ key, label, description, unit }) => (
        <SettingRow
          key={key}
          label={label}
          description={description}
          control={(ids) => (
            <SettingSelect
              ids={ids}
              value={String(settings.focus[key])}
              options={focusOptions(key, unit)}
              onChange={(value) => save({ group: 'focus', key, value: Number(value) })}
            />
          )}
        />
      ))}
    </SettingsSection>
  );
}
