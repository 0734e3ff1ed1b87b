import type { PushDevice } from '@daywise/shared/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Smartphone } from 'lucide-react';
import { useEffect, useId, useState } from 'react';

import { Button } from '../../components/button';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { Toggle } from '../../components/toggle';
import { formatDateTimeIn } from '../../lib/format';
import { NOTIFICATION_MESSAGES, notificationSupport } from '../../lib/notifications';
import {
  disablePush,
  enablePush,
  type PushState,
  PushUnavailableError,
  readPushState,
} from '../../lib/push';
import { queryKeys } from '../../lib/query-keys';
import { notify } from '../../lib/toast';
import { PUSH_MESSAGES } from './push-messages';
import { SettingRow } from './setting-controls';
import { usePushDevices, useRemovePushDevice } from './use-push-devices';

const DESCRIPTIONS: Record<PushState | 'checking', string> = {
  checking: PUSH_MESSAGES.description,
  off: PUSH_MESSAGES.description,
  on: PUSH_MESSAGES.description,
  unsupported: PUSH_MESSAGES.unsupported,
  denied: PUSH_MESSAGES.blocked,
};

/**
 * 'Push notifications on this device' and the list of the user's devices that get them, under
 * Task Reminders in Settings.
 */
export function PushNotifications({ timeZone }: { timeZone: string }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PushState | 'checking'>('checking');
  const [thisDeviceId, setThisDeviceId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    readPushState()
      .then((read) => {
        if (current) {
          setState(read.state);
          setThisDeviceId(read.deviceId);
        }
      })
      // The switch still works: turning it on subscribes again.
      .catch(() => current && setState('off'));
    return () => {
      current = false;
    };
  }, []);

  const turnedOff = () => {
    setState('off');
    setThisDeviceId(null);
  };

  const change = async (on: boolean) => {
    setBusy(true);
    try {
      if (!on) {
        await disablePush();
        turnedOff();
        notify.success(PUSH_MESSAGES.disabled);
      } else {
        const device = await enablePush();
        if (device) {
          setState('on');
          setThisDeviceId(device.id);
          notify.success(PUSH_MESSAGES.enabled);
        } else {
          setState(notificationSupport() === 'denied' ? 'denied' : 'off');
          notify.error(NOTIFICATION_MESSAGES.permissionDenied);
        }
      }
    } catch (error) {
      if (error instanceof PushUnavailableError) {
        // Says why, and the switch stays off and disabled with the explanation under it.
        setState('unsupported');
        notify.error(PUSH_MESSAGES.noPushService);
      } else {
        notify.error(on ? PUSH_MESSAGES.enableFailed : PUSH_MESSAGES.disableFailed);
      }
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.pushDevices });
    }
  };

  const usable = state === 'on' || state === 'off';
  return (
    <SettingRow
      label={PUSH_MESSAGES.label}
      description={DESCRIPTIONS[state]}
      control={(ids) => (
        <Toggle
          {...ids}
          checked={state === 'on'}
          disabled={!usable || busy}
          onChange={(on) => void change(on)}
        />
      )}
    >
      <PushDevices
        thisDeviceId={thisDeviceId}
        timeZone={timeZone}
        onThisDeviceRemoved={turnedOff}
      />
    </SettingRow>
  );
}

interface PushDevicesProps {
  /** This browser's device, when it is subscribed. */
  thisDeviceId: string | null;
  /** The user's, which the dates are shown in. */
  timeZone: string;
  onThisDeviceRemoved: () => void;
}

/** The user's devices that get push notifications, each with Remove. */
export function PushDevices({ thisDeviceId, timeZone, onThisDeviceRemoved }: PushDevicesProps) {
  const headingId = useId();
  const query = usePushDevices();
  const remove = useRemovePushDevice(thisDeviceId, onThisDeviceRemoved);

  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h3 id={headingId} className="text-sm font-semibold">
        {PUSH_MESSAGES.devicesHeading}
      </h3>
      {query.isPending ? (
        <p
          role="status"
          className="mt-2 flex items-center gap-2 text-sm text-gray-600 dark:text-gray-300"
        >
          <Loader2 aria-hidden className="size-4 animate-spin" /> {PUSH_MESSAGES.loading}
        </p>
      ) : query.isError ? (
        <div role="alert" className="mt-2">
          <LoadError
            message={PUSH_MESSAGES.loadFailed}
            onRetry={() => void query.refetch()}
            className={errorPanelClass}
          />
        </div>
      ) : query.data.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600 dark:text-gray-300">{PUSH_MESSAGES.empty}</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {query.data.map((device) => (
            <DeviceRow
              key={device.id}
              device={device}
              current={device.id === thisDeviceId}
              timeZone={timeZone}
              removing={remove.isPending}
              onRemove={() => remove.mutate(device.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function DeviceRow({
  device,
  current,
  timeZone,
  removing,
  onRemove,
}: {
  device: PushDevice;
  current: boolean;
  timeZone: string;
  removing: boolean;
  onRemove: () => void;
}) {
  return (
    <li className="flex items-center justify-between gap-3">
      <div className="flex min-w-0 items-center gap-3">
        <Smartphone aria-hidden className="size-5 shrink-0 text-gray-500" />
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">
            {device.label}
            {current && (
              <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-900 dark:text-green-100">
                This device
              </span>
            )}
          </p>
          <p className="text-xs text-gray-600 dark:text-gray-300">
            Added {formatDateTimeIn(device.createdAt, timeZone)}
          </p>
        </div>
      </div>
      <Button
        onClick={onRemove}
        disabled={removing}
        variant="bare"
        className="shrink-0 rounded-lg border border-gray-300 px-3 py-1.5 text-sm hover:bg-gray-100 disabled:opacity-60 dark:border-gray-700 dark:hover:bg-gray-800"
        aria-label={`Remove ${device.label}`}
      >
        Remove
      </Button>
    </li>
  );
}
