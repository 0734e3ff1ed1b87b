import {
  instantAt,
  isCalendarDay,
  isReminderTime,
  MESSAGES,
  REMINDER_BEFORE_MAX_MINUTES,
  TODO_REMINDERS_MAX,
  type TodoReminder,
} from '@daywise/shared';
import type { TodoCreate } from '@daywise/shared/schemas';
import { Bell, BellOff, X } from 'lucide-react';
import { useId, useState } from 'react';
import { type Control, useController } from 'react-hook-form';

import { Button, IconButton } from '../../components/button';
import { Field, FieldError, inputClass, selectClass } from '../../components/form-field';
import { notificationSupport, requestNotificationPermission } from '../../lib/notifications';
import { formatTime, reminderWords } from '../../lib/reminder-words';
import { useTimezone } from '../../lib/settings';
import type { TodoFormValues } from './todo-form';

/** The choices of a new reminder (docs/product/todos.md#reminders). */
const CHOICES = [
  { value: '0', label: 'At due time' },
  { value: '10', label: '10 minutes before' },
  { value: '60', label: '1 hour before' },
  { value: '1440', label: '1 day before' },
  { value: 'custom', label: 'Custom time before…' },
  { value: 'at', label: 'On a date and time…' },
] as const;
type Choice = (typeof CHOICES)[number]['value'];

const UNITS = { minutes: 1, hours: 60, days: 24 * 60 } as const;
type Unit = keyof typeof UNITS;

/** What the add controls hold before a reminder is made of them. */
interface Draft {
  choice: Choice;
  amount: string;
  unit: Unit;
  date: string;
  time: string;
}

/** The reminder a draft makes, or the reason it makes none (ours, ADR 0030). */
function reminderOf(draft: Draft, timeZone: string): TodoReminder | { error: string } {
  if (draft.choice === 'at') {
    if (!isCalendarDay(draft.date) || !isReminderTime(draft.time)) {
      return { error: 'Please choose a date and a time for the reminder' };
    }
    return { at: instantAt(draft.date, draft.time, timeZone).toISOString() };
  }
  if (draft.choice !== 'custom') {
    return { before: Number(draft.choice) };
  }
  const amount = Number(draft.amount);
  if (draft.amount.trim() === '' || !Number.isInteger(amount) || amount < 0) {
    return { error: 'Please enter a whole number of minutes, hours or days' };
  }
  const before = amount * UNITS[draft.unit];
  return before > REMINDER_BEFORE_MAX_MINUTES
    ? { error: 'A reminder can be at most 30 days before the due time' }
    : { before };
}

/**
 * Reminders: the todo's reminders, each with its Remove button, and a way to add one (up to
 * TODO_REMINDERS_MAX): a choice of 'At due time', '10 minutes before', '1 hour before',
 * '1 day before', a custom time before, or a date and time, then Add Reminder. Adding the first
 * asks the browser for permission to notify; refused, the reminder stays (the server reminds by
 * email and push, and the page shows it while open) and the dialog says how to allow them.
 */
export function TodoRemindersField({
  control,
  legacyDailyTime,
  today,
}: {
  control: Control<TodoFormValues, unknown, TodoCreate>;
  /** The daily reminder time an older app set on a todo without a due date; adding replaces it. */
  legacyDailyTime: string | null;
  today: string;
}) {
  const timeZone = useTimezone();
  const { field, fieldState } = useController({ control, name: 'reminders' });
  const reminders = field.value;
  const [draft, setDraft] = useState<Draft>({
    choice: '0',
    amount: '30',
    unit: 'minutes',
    date: today,
    time: '09:00',
  });
  const [draftError, setDraftError] = useState<string | null>(null);
  const [permission, setPermission] = useState(notificationSupport);
  const [refused, setRefused] = useState(false);
  const id = useId();
  const full = reminders.length >= TODO_REMINDERS_MAX;
  const needsPermission = permission === 'default' || permission === 'denied';

  const change = (next: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setDraftError(null);
  };

  const add = async () => {
    const made = reminderOf(draft, timeZone);
    if ('error' in made) {
      setDraftError(made.error);
      return;
    }
    if (reminders.some((reminder) => JSON.stringify(reminder) === JSON.stringify(made))) {
      setDraftError('This reminder is already set');
      return;
    }
    field.onChange([...reminders, made]);
    setDraftError(null);
    if (reminders.length === 0 && needsPermission) {
      const answer = await requestNotificationPermission();
      setPermission(answer);
      setRefused(answer === 'default' || answer === 'denied');
    }
  };

  const remove = (index: number) => {
    field.onChange(reminders.filter((_, at) => at !== index));
    field.onBlur();
  };

  return (
    <fieldset
      className="space-y-3 rounded-lg border border-gray-200 p-3 dark:border-gray-800"
      aria-describedby={fieldState.error ? `${id}-error` : undefined}
    >
      <legend className="px-1 text-sm font-medium">Reminders</legend>
      {reminders.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-300">
          {legacyDailyTime
            ? `Reminds every day at ${formatTime(legacyDailyTime)}. A reminder added here replaces it.`
            : 'No reminders'}
        </p>
      ) : (
        <ul className="space-y-1" aria-label="Reminders set">
          {reminders.map((reminder, index) => {
            const words = reminderWords(reminder, timeZone);
            return (
              <li
                key={JSON.stringify(reminder)}
                className="flex items-center justify-between gap-2"
              >
                <span className="inline-flex items-center gap-2 text-sm">
                  <Bell aria-hidden className="size-4 shrink-0" />
                  {words}
                </span>
                <IconButton label={`Remove reminder: ${words}`} onClick={() => remove(index)}>
                  <X aria-hidden className="size-4" />
                </IconButton>
              </li>
            );
          })}
        </ul>
      )}
      <FieldError id={`${id}-error`}>{fieldState.error?.message}</FieldError>
      {needsPermission && reminders.length === 0 && !refused && (
        <p className="flex items-center gap-2 text-sm text-amber-700 dark:text-amber-300">
          <BellOff aria-hidden className="size-4 shrink-0" />
          {MESSAGES.notificationPermissionNeeded}
        </p>
      )}
      {refused && (
        <p role="alert" className="text-sm text-gray-700 dark:text-gray-300">
          {MESSAGES.notificationsBlockedHelp}
        </p>
      )}
      {full ? (
        <p className="text-sm text-gray-600 dark:text-gray-300">
          {MESSAGES.remindersTooMany(TODO_REMINDERS_MAX)}
        </p>
      ) : (
        <ReminderAdder
          draft={draft}
          error={draftError}
          onChange={change}
          onAdd={() => void add()}
        />
      )}
    </fieldset>
  );
}

/** The choice of a new reminder, its custom amount or date and time, and Add Reminder. */
function ReminderAdder({
  draft,
  error,
  onChange,
  onAdd,
}: {
  draft: Draft;
  error: string | null;
  onChange: (next: Partial<Draft>) => void;
  onAdd: () => void;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <Field label="New reminder">
          {(props) => (
            <select
              {...props}
              aria-describedby={describedBy}
              value={draft.choice}
              onChange={(event) => onChange({ choice: event.target.value as Choice })}
              className={selectClass}
            >
              {CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {draft.choice === 'custom' && (
          <>
            <Field label="How long before">
              {(props) => (
                <input
                  {...props}
                  aria-describedby={describedBy}
                  aria-invalid={Boolean(error)}
                  type="number"
                  min={0}
                  inputMode="numeric"
                  value={draft.amount}
                  onChange={(event) => onChange({ amount: event.target.value })}
                  className={`${inputClass} w-24`}
                />
              )}
            </Field>
            <Field label="Unit">
              {(props) => (
                <select
                  {...props}
                  value={draft.unit}
                  onChange={(event) => onChange({ unit: event.target.value as Unit })}
                  className={selectClass}
                >
                  <option value="minutes">minutes</option>
                  <option value="hours">hours</option>
                  <option value="days">days</option>
                </select>
              )}
            </Field>
          </>
        )}
        {draft.choice === 'at' && (
          <>
            <Field label="Reminder date">
              {(props) => (
                <input
                  {...props}
                  aria-describedby={describedBy}
                  aria-invalid={Boolean(error)}
                  type="date"
                  value={draft.date}
                  onChange={(event) => onChange({ date: event.target.value })}
                  className={inputClass}
                />
              )}
            </Field>
            <Field label="Reminder time">
              {(props) => (
                <input
                  {...props}
                  aria-describedby={describedBy}
                  aria-invalid={Boolean(error)}
                  type="time"
                  value={draft.time}
                  onChange={(event) => onChange({ time: event.target.value })}
                  className={inputClass}
                />
              )}
            </Field>
          </>
        )}
        <Button variant="secondary" size="md" onClick={onAdd}>
          Add Reminder
        </Button>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
