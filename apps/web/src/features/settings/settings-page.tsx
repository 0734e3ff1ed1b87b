import { MESSAGES } from '@daywise/shared';
import { lazy, Suspense, useEffect } from 'react';

import { errorPanelClass, LoadError } from '../../components/load-error';
import { SignOutButton } from '../../components/sign-out-button';
import { useSettings, useTimezone, useUpdateSetting } from '../../lib/settings';
import { notify } from '../../lib/toast';
import { ActiveSessions } from './active-sessions';
import { ApiTokens } from './api-tokens';
import { CalendarFeedSettings } from './calendar-feed';
import { DaysOff } from './days-off';
import { DeleteAccount } from './delete-account';
import { ImportData } from './import-data';
import { NotificationTools } from './notification-tools';
import { PushNotifications } from './push-notifications';
import { SettingsSection, ToggleRow } from './setting-controls';
import {
  FocusSection,
  PreferencesSection,
  PrivacySection,
  type SaveSetting,
} from './settings-sections';
import { YourDataSection } from './your-data';

/** Its own chunk, fetched when Settings draws it (issue 35). */
const NotificationChannels = lazy(() => import('./notification-channels'));
const EventWebhooks = lazy(() => import('./event-webhooks'));

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

  const save: SaveSetting = (change, success = MESSAGES.settingUpdated) =>
    update.mutate(change, { onSuccess: () => notify.success(success) });

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
            <ToggleRow
              label="Review Reminder"
              description={`A reminder at your day's end (${settings.preferences.dayEnd}) to review what you did and plan tomorrow.`}
              checked={settings.notifications.review}
              onChange={(value) => save({ group: 'notifications', key: 'review', value })}
            />
          </SettingsSection>

          <SettingsSection title="Notification channels">
            <Suspense
              fallback={
                <p role="status" className="text-sm text-gray-600 dark:text-gray-300">
                  Loading notification channels...
                </p>
              }
            >
              <NotificationChannels timeZone={timeZone} />
            </Suspense>
          </SettingsSection>

          <SettingsSection title="Event webhooks">
            <Suspense
              fallback={
                <p role="status" className="text-sm text-gray-600 dark:text-gray-300">
                  Loading event webhooks...
                </p>
              }
            >
              <EventWebhooks timeZone={timeZone} />
            </Suspense>
          </SettingsSection>

          <PrivacySection settings={settings} save={save} />

          <PreferencesSection settings={settings} save={save} />

          <FocusSection settings={settings} save={save} />

          <SettingsSection title="Days off">
            <DaysOff />
          </SettingsSection>

          <YourDataSection timezone={settings.preferences.timezone} />

          {/* Import sits beside the exports it takes back (docs/product/profile-and-settings.md). */}
          <SettingsSection title="Import">
            <ImportData />
          </SettingsSection>

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
        </>
      )}
    </div>
  );
}
