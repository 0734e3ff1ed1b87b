import type { ReactNode } from 'react';

import { Card } from '../../components/card';

interface DashboardPanelProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** Controls shown beside the heading (the chart's period buttons). */
  actions?: ReactNode;
  children: ReactNode;
}

/** One of the dashboard's titled panels: Quick Actions, Daily Streaks, Analytics. */
export function DashboardPanel({ id, title, actions, children }: DashboardPanelProps) {
  const heading = (
    <h2 id={id} className="text-lg font-semibold">
      {title}
    </h2>
  );
  return (
    <Card as="section" radius="xl" aria-labelledby={id} className="min-w-0 p-4 sm:p-6">
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </Card>
  );
}
