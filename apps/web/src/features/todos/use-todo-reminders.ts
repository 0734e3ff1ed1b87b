import { reminderNotice } from '@daywise/shared';
import type { Todo } from '@daywise/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { prepareNotificationWorker, showOnceFor } from '../../lib/notifications';
import { createReminderScheduler, type ReminderTask } from '../../lib/reminders';
import { useSettings, useTimezone } from '../../lib/settings';
import { todoQueries } from './api';

function reminderTask(todo: Todo): ReminderTask {
  return {
    id: todo.id,
    ...reminderNotice('todo', todo),
    reminderTime: todo.reminderTime,
    day: todo.dueDate,
    dueTime: todo.dueTime,
    reminders: todo.reminders,
  };
}

/**
 * Todo reminders: on load, for every unfinished todo with reminders (or an old daily time); the
 * list is read again after every todo change (they all invalidate the todo queries), and the
 * scheduler keeps the timers of unchanged todos, so completing, editing or deleting one clears or
 * moves only its reminder. Nothing is scheduled while Task Reminders is off. Mounted by the
 * dashboard shell, so reminders fire on every signed-in page.
 */
export function useTodoReminders(): void {
  const { settings, isLoading } = useSettings();
  const enabled = !isLoading && settings.notifications.reminders;
  const timeZone = useTimezone();
  const [scheduler] = useState(() => createReminderScheduler({ show: showOnceFor('todo') }));
  const { data } = useQuery({ ...todoQueries.reminders(), enabled });

  useEffect(() => {
    if (enabled && data) {
      scheduler.sync(data.items.map(reminderTask), timeZone);
      if (data.items.length > 0) {
        prepareNotificationWorker();
      }
    } else {
      scheduler.clearAll();
    }
  }, [enabled, data, scheduler, timeZone]);

  useEffect(() => () => scheduler.clearAll(), [scheduler]);
}
