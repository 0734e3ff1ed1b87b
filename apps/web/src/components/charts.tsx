import type { ChartData } from '@daywise/shared/schemas';
import {
  BarElement,
  CategoryScale,
  Chart,
  type ChartOptions,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';

import { type ResolvedTheme, useTheme } from '../lib/theme';

// Only the parts these two charts draw (Bar and Line register their own controllers), so the
// bundle carries no pie, radar or time-scale code.
Chart.register(
  BarElement,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Filler,
  Tooltip,
  Legend,
);

/** The chart wrapper's canvas defaults to 300 by 150; it scales keeping that shape. */
const CANVAS = { width: 300, height: 150 } as const;

/** A series coloured for what it means: done (green), or not done, which must not read as done. */
export type ChartTone = 'success' | 'muted';

/** Series colours per theme: Tailwind's 600 shades on white, the 400 shades on gray-900. */
const PALETTE: Record<
  ResolvedTheme,
  { series: string[]; tones: Record<ChartTone, string>; text: string; grid: string }
> = {
  light: {
    series: ['#2563EB', '#059669', '#D97706', '#7C3AED'],
    // Gray-500 on white: 4.8:1.
    tones: { success: '#059669', muted: '#6B7280' },
    text: '#4B5563',
    grid: '#E5E7EB',
  },
  dark: {
    series: ['#60A5FA', '#34D399', '#FBBF24', '#A78BFA'],
    // Gray-400 on gray-900: 6.9:1.
    tones: { success: '#34D399', muted: '#9CA3AF' },
    text: '#D1D5DB',
    grid: '#374151',
  },
};

function seriesColor(theme: ResolvedTheme, index: number): string {
  const { series } = PALETTE[theme];
  return series[index % series.length] ?? '#6B7280';
}

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

function baseOptions(theme: ResolvedTheme, stacked: boolean, max?: number) {
  const { text, grid } = PALETTE[theme];
  return {
    responsive: true,
    maintainAspectRatio: true,
    aspectRatio: CANVAS.width / CANVAS.height,
    animation: prefersReducedMotion() ? (false as const) : undefined,
    interaction: { mode: 'index' as const, intersect: false },
    plugins: {
      legend: { position: 'bottom' as const, labels: { color: text, boxWidth: 12 } },
    },
    scales: {
      // Upright day numbers; chart.js skips some when a month does not fit.
      x: { stacked, ticks: { color: text, maxRotation: 0 }, grid: { display: false } },
      y: {
        stacked,
        beginAtZero: true,
        max,
        // Counts are whole numbers: no 0.5 ticks on a quiet week.
        ticks: { color: text, precision: 0 },
        grid: { color: grid },
      },
    },
  };
}

/**
 * The numbers behind a chart, for screen readers: the canvas itself is one image with a name,
 * this table is what it shows.
 */
function ChartTable({ data, label }: { data: ChartData; label: string }) {
  return (
    <table className="sr-only">
      <caption>{label}</caption>
      <thead>
        <tr>
          <td />
          {data.datasets.map((dataset) => (
            <th key={dataset.label} scope="col">
              {dataset.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.labels.map((rowLabel, row) => (
          <tr key={rowLabel}>
            <th scope="row">{rowLabel}</th>
            {data.datasets.map((dataset) => (
              <td key={dataset.label}>{dataset.data[row] ?? 0}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface BarChartProps {
  data: ChartData;
  /** The chart's accessible name and the caption of its data table. */
  label: string;
  /** One bar per label with the datasets piled up, instead of side by side. */
  stacked?: boolean;
  /** A colour per dataset by meaning, instead of the series colours in order. */
  tones?: ChartTone[];
}

export function BarChart({ data, label, stacked = false, tones }: BarChartProps) {
  const { resolvedTheme } = useTheme();
  const options: ChartOptions<'bar'> = baseOptions(resolvedTheme, stacked);
  const chartData = {
    labels: data.labels,
    datasets: data.datasets.map((dataset, index) => ({
      label: dataset.label,
      data: dataset.data,
      backgroundColor: tones?.[index]
        ? PALETTE[resolvedTheme].tones[tones[index]]
        : seriesColor(resolvedTheme, index),
      borderRadius: 4,
      maxBarThickness: 40,
    })),
  };
  return (
    <div>
      <Bar {...CANVAS} role="img" aria-label={label} data={chartData} options={options} />
      <ChartTable data={data} label={label} />
    </div>
  );
}

interface LineChartProps {
  data: ChartData;
  /** The chart's accessible name and the caption of its data table. */
  label: string;
  /** The top of the value axis (100 for percentages); otherwise it follows the data. */
  max?: number;
}

export function LineChart({ data, label, max }: LineChartProps) {
  const { resolvedTheme } = useTheme();
  const options: ChartOptions<'line'> = baseOptions(resolvedTheme, false, max);
  const chartData = {
    labels: data.labels,
    datasets: data.datasets.map((dataset, index) => {
      const color = seriesColor(resolvedTheme, index);
      return {
        label: dataset.label,
        data: dataset.data,
        borderColor: color,
        backgroundColor: `${color}33`,
        pointBackgroundColor: color,
        fill: data.datasets.length === 1,
        tension: 0.3,
      };
    }),
  };
  return (
    <div>
      <Line {...CANVAS} role="img" aria-label={label} data={chartData} options={options} />
      <ChartTable data={data} label={label} />
    </div>
  );
}
