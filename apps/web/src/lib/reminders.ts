/**
 * Reminder scheduling in the open tab for todos and daily-plan tasks: one timer per task, for its
 * next reminder as the shared rule says (`nextReminder` in @daywise/shared,
 * docs/product/todos.md#reminders); once it fires, the one after it (a todo may have several),
 * in the time zone of the user's setting. Timers run in the page, so these fire only while a
 * signed-in tab is open; the caller syncs the tasks that want a reminder, and an empty list (or
 * clearAll) when reminders are turned off in settings or on sign-out.
 */

import { type ReminderSchedule } from '@daywise/shared';
import { type NextReminder, nextReminder } from '@daywise/shared/reminder-moments';

import type { Reminder } from './notifications';

/** setTimeout fires at once when asked to wait longer than this, so longer waits are chained. */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

export interface ReminderTask extends ReminderSchedule {
  id: string;
  title: string;
  body: string;
  /** The page a click on the notification opens. */
  url: string;
}

/** Which occurrence of which item came due (its moment, before any grace delay). */
export interface ReminderOccurrence {
  itemId: string;
  at: Date;
}

export interface ReminderSchedulerOptions {
  show: (reminder: Reminder, occurrence: ReminderOccurrence) => unknown;
  /** The clock; injectable for tests. */
  now?: () => Date;
}

export interface ReminderScheduler {
  /** Reconciles the timers with the tasks that should have a reminder now, in `timeZone`. */
  sync: (tasks: readonly ReminderTask[], timeZone: string) => void;
  /** Stops every reminder (reminders turned off, sign-out, unmount). */
  clearAll: () => void;
}

/** What the timer depends on: a task whose signature is unchanged keeps its timer. */
function signatureOf(
  { reminderTime, day, dueTime, reminders, title, body, url }: ReminderTask,
  timeZone: string,
) {
  return JSON.stringify([reminderTime, day, dueTime, reminders, title, body, url, timeZone]);
}

async function showSafely(
  show: ReminderSchedulerOptions['show'],
  reminder: Reminder,
  occurrence: ReminderOccurrence,
) {
  try {
    await show(reminder, occurrence);
  } catch (error) {
    console.warn(`Could not show the reminder: ${reminder.title}`, error);
  }
}

interface Entry {
  signature: string;
  /** Undefined once a one-off reminder has fired, or when there is none: kept so that a re-sync
   *  of the same task does not schedule it again. */
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** Keeps one timer per task, reconciled on each sync with the tasks that want reminders. */
export function createReminderScheduler({
  show,
  now = () => new Date(),
}: ReminderSchedulerOptions): ReminderScheduler {
  const entries = new Map<string, Entry>();

  function clear(id: string): void {
    clearTimeout(entries.get(id)?.timer);
    entries.delete(id);
  }

  function schedule(
    task: ReminderTask,
    timeZone: string,
    signature: string,
    next: NextReminder | null,
  ) {
    if (!next) {
      entries.set(task.id, { signature, timer: undefined });
      return;
    }
    const { at } = next;
    const wait = Math.min(Math.max(at.getTime() - now().getTime(), 0), MAX_TIMER_DELAY_MS);
    const timer = setTimeout(() => {
      // Woken early (a chained long wait, or the clock was set back): wait for the rest.
      if (now().getTime() < at.getTime()) {
        schedule(task, timeZone, signature, next);
      } else {
        fire(task, timeZone, signature, next.occurrence);
      }
    }, wait);
    entries.set(task.id, { signature, timer });
  }

  function fire(task: ReminderTask, timeZone: string, signature: string, occurrence: Date): void {
    void showSafely(
      show,
      { title: task.title, body: task.body, url: task.url },
      { itemId: task.id, at: occurrence },
    );
    schedule(task, timeZone, signature, nextReminder(task, timeZone, now(), occurrence));
  }

  return {
    sync(tasks, timeZone) {
      const ids = new Set<string>();
      for (const task of tasks) {
        ids.add(task.id);
        const signature = signatureOf(task, timeZone);
        if (entries.get(task.id)?.signature !== signature) {
          clear(task.id);
          schedule(task, timeZone, signature, nextReminder(task, timeZone, now()));
        }
      }
      for (const id of entries.keys()) {
        if (!ids.has(id)) {
          clear(id);
        }
      }
    },
    clearAll() {
      for (const id of entries.keys()) {
        clear(id);
      }
    },
  };
}
