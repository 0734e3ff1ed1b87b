import { REMINDER_PAGES } from '@daywise/shared';
import { Bell, ChevronRight, KeyRound, Wrench, Zap } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';

import { Button } from '../../components/button';
import { useBrowserValue } from '../../lib/browser-value';
import {
  NOTIFICATION_MESSAGES,
  type NotificationSupport,
  notificationSupport,
  type NotificationWorkerStatus,
  notificationWorkerStatus,
  PERMISSION_RELOAD_DELAY_MS,
  registerNotificationWorker,
  requestNotificationPermission,
  showNotification,
} from '../../lib/notifications';
import { notify } from '../../lib/toast';

type Action = 'test' | 'request' | 'force' | 'setup';

const PERMISSION_LABELS: Record<NotificationSupport | 'checking', string> = {
  checking: 'Checking...',
  unsupported: 'Not supported by this browser',
  default: 'Not requested yet',
  granted: 'Allowed',
  denied: 'Blocked in the browser settings',
};

const WORKER_LABELS: Record<NotificationWorkerStatus | 'checking', string> = {
  checking: 'Checking...',
  unsupported: 'Not supported by this browser',
  unregistered: 'Not registered',
  installing: 'Installing',
  active: 'Active',
};

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function ToolButton({
  icon,
  label,
  description,
  disabled,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  /** Said on hover and by screen readers after the name. */
  description: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="secondary"
      size="xs"
      onClick={onClick}
      disabled={disabled}
      title={description}
      className="text-gray-700 dark:text-gray-300"
    >
      {icon}
      {label}
    </Button>
  );
}

/**
 * The Test Notification button and the diagnostics panel, shown under Task Reminders while
 * reminders are on.
 */
export function NotificationTools() {
  const headingId = useId();
  // Read as the page renders, so a button's work shows at once; the server drawing the page
  // cannot know it.
  const permission = useBrowserValue<NotificationSupport | 'checking'>(
    notificationSupport,
    'checking',
  );
  const [worker, setWorker] = useState<NotificationWorkerStatus | 'checking'>('checking');
  const [busy, setBusy] = useState<Action | null>(null);

  useEffect(() => {
    let current = true;
    void notificationWorkerStatus().then((status) => {
      if (current) {
        setWorker(status);
      }
    });
    return () => {
      current = false;
    };
  }, []);

  /** Runs one button's work; anything unexpected becomes 'Notification error: …'. */
  const run = (action: Action, work: () => Promise<void>) => async () => {
    setBusy(action);
    try {
      await work();
    } catch (error) {
      notify.error(NOTIFICATION_MESSAGES.error(errorMessage(error)));
    } finally {
      setBusy(null);
      setWorker(await notificationWorkerStatus());
    }
  };

  const sendTest = run('test', async () => {
    // Asked only while undecided; the click is the gesture browsers want for asking.
    await requestNotificationPermission();
    // Only one outcome shows: the notification and its toast, or the failure (never the in-page
    // stand-in saying 'Notifications are working' beside it).
    const result = await showNotification(
      {
        title: NOTIFICATION_MESSAGES.testTitle,
        body: NOTIFICATION_MESSAGES.testBody,
        url: REMINDER_PAGES.todo,
      },
      { inPage: false },
    );
    if (result === 'shown') {
      notify.success(NOTIFICATION_MESSAGES.testSent);
    } else {
      notify.error(NOTIFICATION_MESSAGES.testFailed);
    }
  });

  const requestPermission = run('request', async () => {
    const asked = notificationSupport() === 'default';
    const result = await requestNotificationPermission();
    if (result === 'granted') {
      notify.success(NOTIFICATION_MESSAGES.permissionGranted);
    } else if (result === 'denied') {
      notify.error(NOTIFICATION_MESSAGES.permissionDenied);
    } else if (result === 'default') {
      notify.info(NOTIFICATION_MESSAGES.permissionDismissed);
    } else {
      notify.error(NOTIFICATION_MESSAGES.unsupported);
    }
    if (asked) {
      // the view reloads 1 s after a permission request, so that everything that
      // read the old permission (scheduled reminders included) starts again with the new one.
      setTimeout(() => window.location.reload(), PERMISSION_RELOAD_DELAY_MS);
    }
  });

  const forceNotification = run('force', async () => {
    const result = await showNotification({
      title: NOTIFICATION_MESSAGES.forceTitle,
      body: NOTIFICATION_MESSAGES.forceBody,
      url: REMINDER_PAGES.todo,
    });
    if (result === 'shown') {
      notify.success(NOTIFICATION_MESSAGES.forceShown);
    } else {
      notify.info(NOTIFICATION_MESSAGES.forceFallback);
    }
  });

  const setupWorker = run('setup', async () => {
    try {
      const registration = await registerNotificationWorker();
      if (registration) {
        notify.success(NOTIFICATION_MESSAGES.workerRegistered);
      } else {
        notify.error(NOTIFICATION_MESSAGES.workerUnsupported);
      }
    } catch (error) {
      notify.error(NOTIFICATION_MESSAGES.workerFailed(errorMessage(error)));
    }
  });

  const disabled = busy !== null;

  return (
    <div className="mt-4 space-y-4">
      <ToolButton
        icon={<Bell aria-hidden className="size-4" />}
        label={busy === 'test' ? 'Sending...' : 'Test Notification'}
        description="Send a notification now to check that reminders reach you"
        disabled={disabled}
        onClick={() => void sendTest()}
      />
      {/* Developer diagnostics stay out of a new user's way, closed until asked for
          (docs/product/profile-and-settings.md). */}
      <details className="group rounded-lg border border-gray-200 dark:border-gray-700">
        <summary className="flex cursor-pointer list-none [&::-webkit-details-marker]:hidden items-center gap-2 rounded-lg px-4 py-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-blue-600">
          <ChevronRight aria-hidden className="size-4 transition-transform group-open:rotate-90" />
          Troubleshooting
        </summary>
        <section
          aria-labelledby={headingId}
          className="border-t border-gray-200 p-4 dark:border-gray-700"
        >
          <h3 id={headingId} className="text-sm font-semibold">
            Notification diagnostics
          </h3>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-gray-600 dark:text-gray-300">Browser notifications</dt>
            <dd className="font-medium">{PERMISSION_LABELS[permission]}</dd>
            <dt className="text-gray-600 dark:text-gray-300">Service worker</dt>
            <dd className="font-medium">{WORKER_LABELS[worker]}</dd>
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            <ToolButton
              icon={<KeyRound aria-hidden className="size-4" />}
              label="Request Permission"
              description="Ask the browser for permission to show notifications"
              disabled={disabled}
              onClick={() => void requestPermission()}
            />
            <ToolButton
              icon={<Zap aria-hidden className="size-4" />}
              label="Force Notification"
              description="Show a notification right away"
              disabled={disabled}
              onClick={() => void forceNotification()}
            />
            <ToolButton
              icon={<Wrench aria-hidden className="size-4" />}
              label="Setup SW"
              description="Register the notification service worker"
              disabled={disabled}
              onClick={() => void setupWorker()}
            />
          </div>
        </section>
      </details>
    </div>
  );
}
