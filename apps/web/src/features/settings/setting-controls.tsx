import { type ReactNode, useId } from 'react';

import { Card } from '../../components/card';

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
