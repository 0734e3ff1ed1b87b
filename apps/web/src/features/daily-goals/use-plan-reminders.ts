import { reminderNotice } from '@daywise/shared';
import { useEffect, useState } from 'react';

import { prepareNotificationWorker, showOnceFor } from '../../lib/notifications';
import { createReminderScheduler, type ReminderTask } from '../../lib/reminders';
import { useSettings, useTimezone } from '../../lib/settings';
import { useTodayPlan } from './use-plans';

/**
 * Reminders for today's plan tasks: at each unfinished task's reminder time on the plan's date,
 * in the user's time zone; a click opens Daily Goals. Ticking a task, changing its reminder or
 * deleting it changes today's plan, and the scheduler follows. Mounted by the dashboard shell.
 */
export function usePlanReminders(): void {
  const { settings, isLoading } = useSettings();
  const enabled = !isLoading && settings.notifications.reminders;
  const timeZone = useTimezone();
  const [scheduler] = useState(() => createReminderScheduler({ show: showOnceFor('task') }));
  const { data: plan } = useTodayPlan();

  useEffect(() => {
    if (!enabled || !plan) {
      scheduler.clearAll();
      return;
    }
    const tasks: ReminderTask[] = plan.tasks
      .filter((task) => !task.completed && task.reminderTime)
      .map((task) => ({
        id: task.id,
        ...reminderNotice('task', task),
        reminderTime: task.reminderTime,
        day: plan.planDate,
      }));
    scheduler.sync(tasks, timeZone);
    if (tasks.length > 0) {
      prepareNotificationWorker();
    }
  }, [enabled, plan, scheduler, timeZone]);

  useEffect(() => () => scheduler.clearAll(), [scheduler]);
}
