import { addDays } from '@daywise/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';

import { Button, IconButton } from '../../components/button';
import { inputClass } from '../../components/form-field';
import { formatCalendarDay } from '../../lib/format';
import { dayBounds, isShowableDay } from './plan-day';

interface DayNavProps {
  /** The day shown, YYYY-MM-DD. */
  day: string;
  today: string;
  onChange: (day: string) => void;
}

/**
 * Steps Today's Goals through the days: the previous and next day, back to today, or any day of
 * the date picker, each within a year of today.
 */
export function DayNav({ day, today, onChange }: DayNavProps) {
  const pickerId = useId();
  const picker = useRef<HTMLInputElement>(null);
  const { first, last } = dayBounds(today);
  // The picker keeps what is being typed into it (a year typed digit by digit passes through
  // days out of reach); it follows the day when the buttons or Back change it.
  useEffect(() => {
    if (picker.current && picker.current.value !== day) {
      picker.current.value = day;
    }
  }, [day]);
  return (
    <nav
      aria-label="Days"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-gray-200 p-2 dark:border-gray-800"
    >
      <div className="flex min-w-0 flex-1 items-center gap-1">
        <IconButton
          label="Previous day"
          onClick={() => onChange(addDays(day, -1))}
          disabled={day <= first}
        >
          <ChevronLeft aria-hidden className="size-5" />
        </IconButton>
        <p aria-live="polite" className="min-w-0 text-center font-semibold sm:min-w-44">
          {formatCalendarDay(day)}
          {day === today && (
            <span className="ml-2 text-sm font-normal text-gray-600 dark:text-gray-300">
              (today)
            </span>
          )}
        </p>
        <IconButton
          label="Next day"
          onClick={() => onChange(addDays(day, 1))}
          disabled={day >= last}
        >
          <ChevronRight aria-hidden className="size-5" />
        </IconButton>
      </div>
      <div className="flex items-center gap-2">
        {day !== today && (
          <Button onClick={() => onChange(today)} variant="secondary" size="xs">
            Today
          </Button>
        )}
        <label htmlFor={pickerId} className="sr-only">
          Go to day
        </label>
        <input
          id={pickerId}
          ref={picker}
          type="date"
          defaultValue={day}
          min={first}
          max={last}
          onChange={(event) => {
            // A half-typed date is empty or out of reach: wait for a whole one.
            if (isShowableDay(event.target.value, today)) {
              onChange(event.target.value);
            }
          }}
          className={`${inputClass} w-auto`}
        />
      </div>
    </nav>
  );
}
