import { MESSAGES, PROFILE_VISIBILITIES, type Theme } from '@daywise/shared';
import { type SettingUpdate } from '@daywise/shared/schemas';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useMemo } from 'react';

import { errorPanelClass, LoadError } from '../../components/load-error';
import { SignOutButton } from '../../components/sign-out-button';
import { Toggle } from '../../components/toggle';
import { useSettings, useTimezone, useUpdateSetting } from '../../lib/settings';
import { useTheme } from '../../lib/theme';
import { notify } from '../../lib/toast';
import { ActiveSessions } from './active-sessions';
import { ApiTokens } from './api-tokens';
import { CalendarFeedSettings } from './calendar-feed';
import { DaysOff } from './days-off';
import { DeleteAccount } from './delete-account';
import { ImportData } from './import-data';
import { NotificationTools } from './notification-tools';
import { PushNotifications } from './push-notifications';
import { SettingRow, SettingSelect, SettingsSection, ToggleRow } from './setting-controls';
import { YourDataSection } from './your-data';

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

/** Every timezone as a choice ('America/New York'), the current one even if unknown here. */
function allTimezones(current: string): (readonly [string, string])[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return (zones.includes(current) ? zones : [current, ...zones]).map(
    (zone) => [zone, zone.replaceAll('_', ' ')] as const,
  );
}

/** Settings: each control saves one setting. */
export default function SettingsPage() {
  const { settings, isLoading, loadFailed, reload } = useSettings();
  const timeZone = useTimezone();
  useEffect(() => {
    if (loadFailed) {
      notify.error(MESSAGES.settingsLoadFailed);
    }
  }, [loadFailed]);
  const update = useUpdateSetting();
  const { theme, setTheme } = useTheme();
  const timezones = useMemo(
    () => allTimezones(settings.preferences.timezone),
    [settings.preferences.timezone],
  );

  const save = (change: SettingUpdate, success: string = MESSAGES.settingUpdated) =>
    update.mutate(change, { onSuccess: () => notify.success(success) });

  const changeTheme = (next: Theme) => {
    // The theme applies at once on this device (and the navigation toggle follows); it is also
    // kept with the account's settings.
    setTheme(next);
    save(
      { group: 'preferences', key: 'theme', value: next },
      MESSAGES.themeChanged(THEME_LABELS[next]),
    );
  };

  const analyticsOff = !settings.privacy.activityTracking;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Settings</h1>
        <p className="mt-1 text-gray-600 dark:text-gray-300">
          Manage your account settings and preferences
        </p>
      </div>
      {/* The defaults stand in (docs/product/profile-and-settings.md); Try Again reads them again. */}
      {loadFailed && (
        <div role="alert">
          <LoadError
            message={MESSAGES.settingsLoadFailed}
            onRetry={reload}
            className={errorPanelClass}
          />
        </div>
      )}
      {isLoading ? (
        <p role="status" className="text-gray-600 dark:text-gray-300">
          Loading settings...
        </p>
      ) : (
        <>
          <SettingsSection title="Notifications">
            <ToggleRow
              label="Email Notifications"
              description="Emails about your account and activity."
              checked={settings.notifications.email}
              onChange={(value) => save({ group: 'notifications', key: 'email', value })}
            />
            <ToggleRow
              label="Task Reminders"
              description="Browser notifications at the reminder times of your todos and tasks."
              checked={settings.notifications.reminders}
              onChange={(value) => save({ group: 'notifications', key: 'reminders', value })}
            >
              {settings.notifications.reminders && <NotificationTools />}
            </ToggleRow>
            {settings.notifications.reminders && <PushNotifications timeZone={timeZone} />}
          </SettingsSection>

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

          <SettingsSection title="Preferences">
            <SettingRow
              label="Theme"
              description="Light, dark, or follow your device."
              control={(ids) => (
                <SettingSelect
                  ids={ids}
                  value={theme}
                  options={THEME_OPTIONS}
                  onChange={changeTheme}
                />
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
          </SettingsSection>

          <SettingsSection title="Days off">
            <DaysOff />
          </SettingsSection>

          <YourDataSection timezone={settings.preferences.timezone} />

          <SettingsSection title="Calendar feed">
            <CalendarFeedSettings />
          </SettingsSection>

          <SettingsSection title="API tokens">
            <ApiTokens timeZone={timeZone} />
          </SettingsSection>

          <SettingsSection title="Active Sessions">
            <ActiveSessions timeZone={timeZone} />
          </SettingsSection>

          <SettingsSection title="Account Actions">
            <div className="flex flex-wrap gap-3 pt-1">
              <SignOutButton
                failureMessage={MESSAGES.settingsLogoutFailed}
                variant="secondary"
                size="sm"
              >
                Sign Out
              </SignOutButton>
              <DeleteAccount />
            </div>
          </SettingsSection>

          <SettingsSection title="Import">
            <ImportData />
          </SettingsSection>
        </>
      )}
    </div>
  );
}
