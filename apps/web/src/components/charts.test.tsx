import { THEME_STORAGE_KEY } from '@daywise/shared';
import type { ChartData } from '@daywise/shared/schemas';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { stubMatchMedia } from '../test/browser';
import { renderWithProviders } from '../test/render';
import { BarChart, LineChart } from './charts';

interface StubProps {
  role: string;
  'aria-label': string;
  width: number;
  height: number;
  data: { datasets: { backgroundColor?: string; borderColor?: string }[] };
  options: {
    aspectRatio: number;
    scales: { x: { stacked: boolean }; y: { stacked: boolean; max?: number; ticks: object } };
  };
}

const received = vi.hoisted(() => ({ props: [] as unknown[] }));

// chart.js needs a real canvas: record what the wrappers hand react-chartjs-2 instead.
vi.mock('react-chartjs-2', () => {
  const Stub = (props: { role: string; 'aria-label': string }) => {
    received.props.push(props);
    return <canvas role={props.role} aria-label={props['aria-label']} />;
  };
  return { Bar: Stub, Line: Stub };
});

const lastProps = () => received.props.at(-1) as StubProps;

const DATA: ChartData = {
  labels: ['Sun', 'Mon'],
  datasets: [
    { label: 'Todos', data: [2, 0] },
    { label: 'Daily Goals', data: [1, 5] },
  ],
};

beforeEach(() => {
  stubMatchMedia();
});

afterEach(() => {
  vi.unstubAllGlobals();
  received.props = [];
  window.localStorage.clear();
});

describe('BarChart', () => {
  it('is one named image on a 2:1 canvas with its numbers in a table', () => {
    renderWithProviders(<BarChart data={DATA} label="Tasks completed this week" stacked />);

    expect(screen.getByRole('img', { name: 'Tasks completed this week' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Tasks completed this week' });
    expect(within(table).getByRole('columnheader', { name: 'Daily Goals' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Mon 0 5' })).toBeInTheDocument();

    const props = lastProps();
    expect([props.width, props.height]).toEqual([300, 150]);
    expect(props.options.aspectRatio).toBe(2);
    expect(props.options.scales.x.stacked).toBe(true);
    expect(props.options.scales.y.stacked).toBe(true);
    expect(props.options.scales.y.ticks).toMatchObject({ precision: 0 });
  });

  it('side by side unless stacked, in lighter colours on the dark theme', () => {
    renderWithProviders(<BarChart data={DATA} label="Light" />);
    const light = lastProps();
    expect(light.options.scales.x.stacked).toBe(false);

    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    renderWithProviders(<BarChart data={DATA} label="Dark" />);
    const dark = lastProps();
    expect(dark.data.datasets[0]?.backgroundColor).not.toBe(
      light.data.datasets[0]?.backgroundColor,
    );
    expect(light.data.datasets[0]?.backgroundColor).not.toBe(
      light.data.datasets[1]?.backgroundColor,
    );
  });

  it('colours by meaning when told: done green, not done gray, in either theme', () => {
    const tones = ['success', 'muted'] as const;
    renderWithProviders(<BarChart data={DATA} label="Light" tones={[...tones]} />);
    expect(lastProps().data.datasets.map((set) => set.backgroundColor)).toEqual([
      '#059669',
      '#6B7280',
    ]);
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    renderWithProviders(<BarChart data={DATA} label="Dark" tones={[...tones]} />);
    expect(lastProps().data.datasets.map((set) => set.backgroundColor)).toEqual([
      '#34D399',
      '#9CA3AF',
    ]);
  });
});

describe('LineChart', () => {
  it('caps the axis at max and keeps the accessible name and table', () => {
    renderWithProviders(
      <LineChart
        data={{ labels: ['Nov 20'], datasets: [{ label: 'Completion', data: [80] }] }}
        label="Completion trend"
        max={100}
      />,
    );

    expect(screen.getByRole('img', { name: 'Completion trend' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Nov 20 80' })).toBeInTheDocument();
    expect(lastProps().options.scales.y.max).toBe(100);
  });
});
