import { type ReactNode, useId } from 'react';

import { Card } from '../../components/card';
import { selectClass } from '../../components/form-field';
import { Toggle } from '../../components/toggle';

export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card as="section" aria-labelledby={id} className="p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-4 divide-y divide-gray-200 dark:divide-gray-800">{children}</div>
    </Card>
  );
}

interface SettingRowProps {
  label: string;
  description: string;
  /** The control, given the ids that label and describe it. */
  control: (ids: { id: string; describedBy: string }) => ReactNode;
  children?: ReactNode;
}

/** One setting: its label and description on the left, its control on the right. */
export function SettingRow({ label, description, control, children }: SettingRowProps) {
  const id = useId();
  const describedBy = `${id}-description`;
  return (
    <div className="py-4 first:pt-0 last:pb-0">
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0">
          <label htmlFor={id} className="font-medium">
            {label}
          </label>
          <p id={describedBy} className="text-sm text-gray-600 dark:text-gray-300">
            {description}
          </p>
        </div>
        <div className="shrink-0">{control({ id, describedBy })}</div>
      </div>
      {children}
    </div>
  );
}

interface SettingSelectProps<V extends string> {
  /** The ids SettingRow hands its control. */
  ids: { id: string; describedBy: string };
  value: V;
  /** Each choice's value and the words shown for it. */
  options: readonly (readonly [V, string])[];
  onChange: (value: V) => void;
  className?: string;
}

/** A setting chosen from a list, saved as soon as it changes. */
export function SettingSelect<V extends string>({
  ids,
  value,
  options,
  onChange,
  className = '',
}: SettingSelectProps<V>) {
  return (
    <select
      id={ids.id}
      aria-describedby={ids.describedBy}
      value={value}
      onChange={(event) => onChange(event.target.value as V)}
      className={`${selectClass} ${className}`.trim()}
    >
      {options.map(([option, label]) => (
        <option key={option} value={option}>
          {label}
        </option>
      ))}
    </select>
  );
}

interface ToggleRowProps {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Shown under the row while it matters (the reminder tools). */
  children?: ReactNode;
}

/** A setting that is on or off, saved as soon as it is switched. */
export function ToggleRow({ label, description, checked, onChange, children }: ToggleRowProps) {
  return (
    <SettingRow
      label={label}
      description={description}
      control={(ids) => <Toggle {...ids} checked={checked} onChange={onChange} />}
    >
      {children}
    </SettingRow>
  );
}
