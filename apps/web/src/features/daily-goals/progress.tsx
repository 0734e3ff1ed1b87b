import { FALLBACK_TAG_COLOR } from '@daywise/shared';
import { type TagStat } from '@daywise/shared/schemas';

import { performanceTone } from './format';

/** A labelled progress bar (role="progressbar"), in the given colour. */
export function ProgressBar({
  label,
  value,
  color = '#2563EB',
}: {
  label: string;
  value: number;
  color?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="h-2.5 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
    >
      <div
        className="h-full rounded-full transition-[width]"
        style={{ width: `${value}%`, backgroundColor: color }}
      />
    </div>
  );
}

/** Per-tag progress of a day (Category Progress). */
export function CategoryProgress({ stats }: { stats: TagStat[] }) {
  if (stats.length === 0) {
    return null;
  }
  return (
    <ul className="space-y-3">
      {stats.map((stat) => (
        <li key={stat.tag} className="space-y-1">
          <div className="flex justify-between gap-2 text-sm">
            <span className="flex items-center gap-2 font-medium">
              <span
                aria-hidden
                className="size-2.5 rounded-full"
                style={{ backgroundColor: stat.color || FALLBACK_TAG_COLOR }}
              />
              {stat.tag}
            </span>
            <span className="text-gray-600 tabular-nums dark:text-gray-300">
              {stat.completed}/{stat.total} ({stat.percentage}%)
            </span>
          </div>
          <ProgressBar
            label={`${stat.tag} progress`}
            value={stat.percentage}
            color={stat.color || FALLBACK_TAG_COLOR}
          />
        </li>
      ))}
    </ul>
  );
}

const RING_TONES = { good: '#16A34A', fair: '#CA8A04', poor: '#DC2626' } as const;

/** A percentage ring for a day's card (Daily Completions). */
export function PercentRing({ value, size = 64 }: { value: number; size?: number }) {
  const radius = 26;
  const circumference = 2 * Math.PI * radius;
  // The track and the arc drawn over it.
  const ring = { cx: '32', cy: '32', r: radius, strokeWidth: '7', fill: 'none' } as const;
  const tone = RING_TONES[performanceTone(value)];
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      role="img"
      aria-label={`${value}% complete`}
      className="shrink-0 -rotate-90"
    >
      <circle {...ring} className="stroke-gray-200 dark:stroke-gray-800" />
      <circle
        {...ring}
        stroke={tone}
        strokeLinecap="round"
        strokeDasharray={circumference}
        strokeDashoffset={circumference * (1 - value / 100)}
      />
      <text
        x="32"
        y="32"
        textAnchor="middle"
        dominantBaseline="central"
        transform="rotate(90 32 32)"
        className="fill-gray-900 text-[13px] font-bold dark:fill-gray-100"
      >
        {value}%
      </text>
    </svg>
  );
}
