import { ChartColumn, EyeOff, Lightbulb, Settings, Target } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';

import { buttonClass } from './button';
import { Card } from './card';

const BENEFITS = [
  { title: 'Progress Charts', text: 'Visual task completion', icon: ChartColumn },
  { title: 'Goal Tracking', text: 'Daily achievements', icon: Target },
  { title: 'Insights', text: 'Productivity patterns', icon: Lightbulb },
] as const;

interface AnalyticsDisabledPanelProps {
  title?: string;
  /** The Settings page shows the panel too, where a link to itself would be noise. */
  showLink?: boolean;
}

/**
 * What stands in for charts, stats and streaks while Activity Tracking is off: nothing is counted, so nothing is shown.
 */
export function AnalyticsDisabledPanel({
  title = 'Analytics Disabled',
  showLink = true,
}: AnalyticsDisabledPanelProps) {
  const headingId = useId();
  return (
    <Card as="section" radius="xl" aria-labelledby={headingId} className="p-6 text-center sm:p-8">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-gray-100 text-gray-600 dark:bg-gray-800 dark:text-gray-300">
        <EyeOff aria-hidden className="size-6" />
      </span>
      <h2 id={headingId} className="mt-4 text-lg font-semibold">
        {title}
      </h2>
      <p className="mx-auto mt-2 max-w-prose text-sm text-gray-600 dark:text-gray-300">
        Analytics and activity tracking are disabled, so your progress is not being tracked. Turn
        them on to see:
      </p>
      <ul className="mx-auto mt-6 grid max-w-2xl gap-3 text-left sm:grid-cols-3">
        {BENEFITS.map(({ title: benefit, text, icon: Icon }) => (
          <li
            key={benefit}
            className="flex items-start gap-3 rounded-lg bg-gray-50 p-3 dark:bg-gray-800/60"
          >
            <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-blue-600 dark:text-blue-400" />
            <span className="min-w-0">
              <span className="block text-sm font-semibold">{benefit}</span>
              <span className="block text-sm text-gray-600 dark:text-gray-300">{text}</span>
            </span>
          </li>
        ))}
      </ul>
      {showLink && (
        <Link to="/dashboard/settings" className={`mt-6 ${buttonClass('primary', 'sm')}`}>
          <Settings aria-hidden className="size-4" />
          Enable Analytics in Settings
        </Link>
      )}
    </Card>
  );
}
