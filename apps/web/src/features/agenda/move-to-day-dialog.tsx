import { MESSAGES } from '@daywise/shared';
import { type FormEvent, useState } from 'react';

import { Button } from '../../components/button';
import { Field, inputClass } from '../../components/form-field';
import { Modal } from '../../components/modal';

interface MoveToDayDialogProps {
  /** What moves: a todo's or a task's title. */
  title: string;
  /** The day it starts on: its due date, or today. */
  day: string | null;
  /** The user's today: the earliest day a todo can be moved to, as in its own form. */
  today: string;
  /**
   * Its due time, HH:MM or null, for a todo whose time moves with it (the calendar's; ADR 0031):
   * a time field shows, empty for none. Absent: no time field, and the time stays as it is.
   */
  time?: string | null;
  onMove: (day: string, time?: string | null) => void;
  onClose: () => void;
}

/**
 * 'Move to…' a day: the keyboard's way to do what dragging a todo to another day does
 * (ADR 0031), and to a time, as dragging it into the week's hours does. Today or later, as the
 * todo's own form allows.
 */
export function MoveToDayDialog({
  title,
  day: initial,
  today,
  time: initialTime,
  onMove,
  onClose,
}: MoveToDayDialogProps) {
  const [day, setDay] = useState(initial && initial >= today ? initial : today);
  const [time, setTime] = useState(initialTime ?? '');
  const [error, setError] = useState<string | undefined>();
  const [timeError, setTimeError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
      setError('Please enter a valid date');
      return;
    }
    if (day < today) {
      setError(MESSAGES.dueDatePast);
      return;
    }
    if (time !== '' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) {
      setTimeError(MESSAGES.reminderTimeInvalid);
      return;
    }
    // The time is sent only when it changed: a day's move keeps it.
    const newTime = time === '' ? null : time;
    onMove(day, initialTime === undefined || newTime === initialTime ? undefined : newTime);
    onClose();
  };
  return (
    <Modal
      title="Move to…"
      description={`Choose the day “${title}” is due.`}
      showDescription
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Due Date" error={error}>
          {(ids) => (
            <input
              {...ids}
              type="date"
              min={today}
              value={day}
              onChange={(event) => {
                setDay(event.target.value);
                setError(undefined);
              }}
              className={inputClass}
            />
          )}
        </Field>
        {initialTime !== undefined && (
          <Field label="Due Time" error={timeError}>
            {(ids) => (
              <input
                {...ids}
                type="time"
                step={900}
                value={time}
                onChange={(event) => {
                  setTime(event.target.value);
                  setTimeError(undefined);
                }}
                className={inputClass}
              />
            )}
          </Field>
        )}
        <div className="flex justify-end gap-3">
          <Button variant="secondary" size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="sm">
            Move
          </Button>
        </div>
      </form>
    </Modal>
  );
}
