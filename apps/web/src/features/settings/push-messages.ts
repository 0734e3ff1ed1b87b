/** Ours: the push notification texts (docs/product/profile-and-settings.md has none). */
export const PUSH_MESSAGES = {
  label: 'Push notifications on this device',
  description: 'Reminders reach this device even when Daywise is closed.',
  unsupported: 'This browser cannot receive push notifications.',
  noPushService:
    'This browser has no push service, so push notifications cannot be turned on here. Reminders still show while Daywise is open.',
  blocked: 'Notifications are blocked for this site in the browser settings.',
  enabled: 'Push notifications are on for this device',
  disabled: 'Push notifications are off for this device',
  enableFailed: 'Could not turn on push notifications',
  disableFailed: 'Could not turn off push notifications',
  devicesHeading: 'Devices with push notifications',
  loading: 'Loading devices...',
  loadFailed: 'Could not load your devices.',
  empty: 'No device gets push notifications yet.',
  deviceRemoved: 'Device removed',
  removeFailed: 'Could not remove that device',
} as const;
