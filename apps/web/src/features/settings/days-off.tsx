import { MESSAGES } from '@daywise/shared';
import type { DayOff } from '@daywise/shared/schemas';
import { CalendarOff, Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';

import { Button } from '../../components/button';
import { FieldError, inputClass } from '../../components/form-field';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { ApiClientError } from '../../lib/api-client';
import { formatCalendarDate } from '../../lib/format';
import { useAddDaysOff, useCancelDaysOff, useDaysOff } from './use-days-off';

/** 'Dec 24, 2026 – Jan 2, 2027', or one date for a single day. */
export function rangeText({ startDate, endDate }: Pick<DayOff, 'startDate' | 'endDate'>): string {
  return startDate === endDate
    ? formatCalendarDate(startDate)
    : `${formatCalendarDate(startDate)} – ${formatCalendarDate(endDate)}`;
}

const rowButtonClass =
  'shrink-0 rounded-lg border border-gray-300 px-3 py-1.5 text-sm hover:bg-gray-100 aria-disabled:opacity-60 dark:border-gray-700 dark:hover:bg-gray-800';

function DaysOffList() {
  const query = useDaysOff();
  const cancel = useCancelDaysOff();

  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-300">
        <Loader2 aria-hidden className="size-4 animate-spin" /> Loading days off...
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert">
        <LoadError
          message={MESSAGES.daysOffLoadFailed}
          onRetry={() => void query.refetch()}
          className={errorPanelClass}
        />
      </div>
    );
  }
  const items = query.data.items;
  if (items.length === 0) {
    return <p className="text-sm text-gray-600 dark:text-gray-300">{MESSAGES.noDaysOff}</p>;
  }
  return (
    <ul aria-label="Your days off" className="space-y-2">
      {items.map((item) => {
        const busy = cancel.isPending && cancel.variables === item.id;
        return (
          <li key={item.id} className="flex items-center justify-between gap-3">
            <span className="flex min-w-0 items-center gap-2 text-sm font-medium">
              <CalendarOff aria-hidden className="size-4 shrink-0 text-gray-500" />
              {rangeText(item)}
            </span>
            <Button
              variant="bare"
              onClick={() => !busy && cancel.mutate(item.id)}
              aria-disabled={busy}
              aria-label={`Cancel days off ${rangeText(item)}`}
              className={rowButtonClass}
            >
              {busy ? 'Cancelling...' : 'Cancel'}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** Two dates and Add; the last day may stay empty for a single day off. */
function AddDaysOff() {
  const id = useId();
  const add = useAddDaysOff();
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [error, setError] = useState<{ field: 'startDate' | 'endDate'; message: string } | null>(
    null,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const end = endDate || startDate;
    if (!startDate) {
      setError({ field: 'startDate', message: MESSAGES.dayOffStartRequired });
      return;
    }
    if (end < startDate) {
      setError({ field: 'endDate', message: MESSAGES.dayOffEndBeforeStart });
      return;
    }
    setError(null);
    try {
      await add.mutateAsync({ startDate, endDate: end });
      setStartDate('');
      setEndDate('');
    } catch (failure) {
      // The toast said it failed; the server's reason goes next to the dates.
      if (failure instanceof ApiClientError) {
        const field = failure.fields.endDate ? 'endDate' : 'startDate';
        setError({
          field,
          message: failure.fields.endDate ?? failure.fields.startDate ?? failure.message,
        });
      }
    }
  };

  const errorId = `${id}-error`;
  const invalid = (field: 'startDate' | 'endDate') => ({
    'aria-invalid': error?.field === field,
    ...(error?.field === field ? { 'aria-describedby': errorId } : {}),
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Add days off"
      className="space-y-2"
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-start`} className="block text-sm font-medium">
            First day off
          </label>
          <input
            id={`${id}-start`}
            type="date"
            value={startDate}
            onChange={(event) => setStartDate(event.target.value)}
            className={`${inputClass} !w-auto`}
            {...invalid('startDate')}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-end`} className="block text-sm font-medium">
            Last day off
          </label>
          <input
            id={`${id}-end`}
            type="date"
            value={endDate}
            min={startDate || undefined}
            onChange={(event) => setEndDate(event.target.value)}
            className={`${inputClass} !w-auto`}
            {...invalid('endDate')}
          />
        </div>
        <Button type="submit" size="sm" disabled={add.isPending}>
          {add.isPending && <Loader2 aria-hidden className="size-4 animate-spin" />}
          {add.isPending ? 'Adding...' : 'Add days off'}
        </Button>
      </div>
      <FieldError id={errorId}>{error?.message}</FieldError>
    </form>
  );
}

/**
 * Days off (issue 15): the days a person is away, on which no habit's streak breaks or grows;
 * a list with Cancel, and two dates to add a range (docs/product/profile-and-settings.md).
 */
export function DaysOff() {
  return (
    <div className="space-y-4 py-4 first:pt-0">
      <div className="space-y-2 text-sm text-gray-600 dark:text-gray-300">
        <p>{MESSAGES.daysOffExplained}</p>
        <details className="rounded-lg">
          <summary className="cursor-pointer font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300">
            How streaks, freezes and days off work
          </summary>
          <div className="mt-2 space-y-2">
            <p>
              A repeating todo is a habit: its streak counts the occurrences you complete on time,
              in a row. A missed occurrence ends the streak, unless a freeze covers it.
            </p>
            <p>
              Every 7 occurrences on time in a row earn a freeze, which covers one missed
              occurrence; you can hold up to 3. The snowflake beside a streak shows the freezes you
              have.
            </p>
            <p>On a day off, an occurrence due that day neither breaks nor extends a streak.</p>
          </div>
        </details>
      </div>
      <DaysOffList />
      <AddDaysOff />
    </div>
  );
}
