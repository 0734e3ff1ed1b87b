import {
  REPEAT_FREQS,
  REPEAT_LIMITS,
  type RepeatFreq,
  repeatText,
  WEEKDAY_CODES,
  WEEKDAY_SHORT,
  type WeekdayCode,
} from '@daywise/shared';
import { Repeat as RepeatIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';

import { Button } from '../../components/button';
import { FieldError, inputClass, selectClass } from '../../components/form-field';
import {
  buildRepeat,
  type CustomRepeat,
  presetLabels,
  REPEAT_PRESETS,
  type RepeatChoice,
  type RepeatPreset,
  withPreset,
} from './repeat-choice';

const UNIT_LABELS: Record<RepeatFreq, [string, string]> = {
  DAILY: ['day', 'days'],
  WEEKLY: ['week', 'weeks'],
  MONTHLY: ['month', 'months'],
  YEARLY: ['year', 'years'],
};

const WEEKDAY_NAMES: Record<WeekdayCode, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

const smallInput = `${inputClass} !w-20`;

function Radio({
  name,
  checked,
  onSelect,
  children,
}: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onSelect}
        className="size-4 accent-blue-600"
      />
      {children}
    </label>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** Custom…: how often, from when, on which days, and until when. */
function CustomFields({
  custom,
  onChange,
}: {
  custom: CustomRepeat;
  onChange: (custom: CustomRepeat) => void;
}) {
  const id = useId();
  const set = (fields: Partial<CustomRepeat>) => onChange({ ...custom, ...fields });
  const many = custom.interval.trim() !== '1';
  const toggleDay = (code: WeekdayCode) =>
    set({
      weekdays: custom.weekdays.includes(code)
        ? custom.weekdays.filter((day) => day !== code)
        : [...custom.weekdays, code],
    });

  return (
    <div className="space-y-4 rounded-lg bg-gray-50 p-3 dark:bg-gray-800/50">
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-interval`} className="block text-sm font-medium">
            Repeat every
          </label>
          <input
            id={`${id}-interval`}
            type="number"
            inputMode="numeric"
            min={1}
            max={REPEAT_LIMITS.intervalMax}
            value={custom.interval}
            onChange={(event) => set({ interval: event.target.value })}
            className={smallInput}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-unit`} className="sr-only">
            Unit
          </label>
          <select
            id={`${id}-unit`}
            value={custom.unit}
            onChange={(event) => set({ unit: event.target.value as RepeatFreq })}
            className={selectClass}
          >
            {REPEAT_FREQS.map((freq) => (
              <option key={freq} value={freq}>
                {UNIT_LABELS[freq][many ? 1 : 0]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <Group legend="Counted from">
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          <Radio
            name={`${id}-from`}
            checked={custom.from === 'due'}
            onSelect={() => set({ from: 'due' })}
          >
            The due date
          </Radio>
          <Radio
            name={`${id}-from`}
            checked={custom.from === 'completion'}
            onSelect={() => set({ from: 'completion' })}
          >
            After completion
          </Radio>
        </div>
      </Group>

      {custom.from === 'due' && custom.unit === 'WEEKLY' && (
        <Group legend="On">
          <div className="flex flex-wrap gap-1.5">
            {WEEKDAY_CODES.map((code) => (
              <Button
                key={code}
                variant="bare"
                aria-pressed={custom.weekdays.includes(code)}
                aria-label={WEEKDAY_NAMES[code]}
                onClick={() => toggleDay(code)}
                className="rounded-lg border border-gray-300 px-2.5 py-1.5 text-sm font-medium hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-600 aria-pressed:border-blue-600 aria-pressed:bg-blue-600 aria-pressed:text-white dark:border-gray-700 dark:hover:bg-gray-800"
              >
                {WEEKDAY_SHORT[code]}
              </Button>
            ))}
          </div>
        </Group>
      )}

      {custom.from === 'due' && custom.unit === 'MONTHLY' && (
        <Group legend="On">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <span className="flex items-center gap-2">
              <Radio
                name={`${id}-month`}
                checked={custom.monthDay === 'day'}
                onSelect={() => set({ monthDay: 'day' })}
              >
                Day
              </Radio>
              <input
                type="number"
                inputMode="numeric"
                aria-label="Day of the month"
                min={1}
                max={31}
                value={custom.dayOfMonth}
                onFocus={() => set({ monthDay: 'day' })}
                onChange={(event) => set({ monthDay: 'day', dayOfMonth: event.target.value })}
                className={smallInput}
              />
            </span>
            <Radio
              name={`${id}-month`}
              checked={custom.monthDay === 'last'}
              onSelect={() => set({ monthDay: 'last' })}
            >
              The last day
            </Radio>
          </div>
        </Group>
      )}

      <Group legend="Ends">
        <div className="space-y-2">
          <Radio
            name={`${id}-ends`}
            checked={custom.ends === 'never'}
            onSelect={() => set({ ends: 'never' })}
          >
            Never
          </Radio>
          <span className="flex items-center gap-2">
            <Radio
              name={`${id}-ends`}
              checked={custom.ends === 'count'}
              onSelect={() => set({ ends: 'count' })}
            >
              After
            </Radio>
            <input
              type="number"
              inputMode="numeric"
              aria-label="Number of times"
              min={1}
              max={REPEAT_LIMITS.countMax}
              value={custom.count}
              onChange={(event) => set({ ends: 'count', count: event.target.value })}
              className={smallInput}
            />
            <span className="text-sm">times</span>
          </span>
          <span className="flex items-center gap-2">
            <Radio
              name={`${id}-ends`}
              checked={custom.ends === 'until'}
              onSelect={() => set({ ends: 'until' })}
            >
              On
            </Radio>
            <input
              type="date"
              aria-label="End date"
              value={custom.until}
              onChange={(event) => set({ ends: 'until', until: event.target.value })}
              className={`${inputClass} !w-auto`}
            />
          </span>
        </div>
      </Group>
      {custom.from === 'completion' && (
        <p className="text-sm text-gray-600 dark:text-gray-300">
          The next one is due this long after the day you complete it.
        </p>
      )}
    </div>
  );
}

interface RepeatFieldProps {
  value: RepeatChoice;
  onChange: (choice: RepeatChoice) => void;
  /** The due date the series starts on (today while none is set). */
  dueDate: string;
  error?: string | undefined;
  /** A line under the field, such as the due date having been set to today. */
  note?: string | null;
}

/**
 * The todo dialog's Repeat field: a menu of the common repeats named after the due date, and
 * Custom… for the rest; the rule it makes is said in words under it.
 */
export function RepeatField({ value, onChange, dueDate, error, note }: RepeatFieldProps) {
  const id = useId();
  const labels = presetLabels(dueDate, value.kept);
  const built = buildRepeat(value, dueDate);
  const words = built.repeat ? repeatText(built.repeat) : null;
  const presets = REPEAT_PRESETS.filter((preset) => preset !== 'kept' || value.kept);
  const describedBy = [
    words ? `${id}-words` : '',
    note ? `${id}-note` : '',
    error ? `${id}-error` : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="space-y-3 rounded-lg border border-gray-200 p-3 dark:border-gray-800">
      <div className="space-y-1.5">
        <label htmlFor={`${id}-preset`} className="block text-sm font-medium">
          Repeat
        </label>
        <select
          id={`${id}-preset`}
          value={value.preset}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy || undefined}
          onChange={(event) =>
            onChange(withPreset(value, event.target.value as RepeatPreset, dueDate))
          }
          className={`${selectClass} w-full`}
        >
          {presets.map((preset) => (
            <option key={preset} value={preset}>
              {labels[preset]}
            </option>
          ))}
        </select>
      </div>
      {value.preset === 'custom' && (
        <CustomFields custom={value.custom} onChange={(custom) => onChange({ ...value, custom })} />
      )}
      {words && (
        <p
          id={`${id}-words`}
          aria-live="polite"
          className="flex items-center gap-1.5 text-sm text-gray-700 dark:text-gray-200"
        >
          <RepeatIcon aria-hidden className="size-4 shrink-0" />
          {words}
        </p>
      )}
      {note && (
        <p id={`${id}-note`} role="status" className="text-sm text-gray-600 dark:text-gray-300">
          {note}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
