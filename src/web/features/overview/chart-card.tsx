import { lazy, type ReactNode, Suspense } from 'react';
import { ScrollRegion } from '../../components/scroll-region';
import type { ChartSeries } from './chart-canvas';

// Chart.js is fetched only when the admin's charts are drawn: never with the public pages, nor before the counts.
export const ChartCanvas = lazy(() => import('./chart-canvas'));

export const COLORS = { blue: '#0b5ed7', green: '#198754', amber: '#b58100', red: '#b02a37', grey: '#6c757d' };

/** One chart: its heading, the canvas (with a one-sentence summary) and the numbers as a table, or an empty state. */
export function ChartCard({
  title,
  summary,
  labels,
  series,
  stacked,
  empty,
  table,
  tableLabel,
  controls,
}: {
  title: string;
  summary: string;
  labels: string[];
  series: ChartSeries[];
  stacked?: boolean;
  empty: string | null;
  table: ReactNode;
  /** The table's scroll box's name; not the chart's title, which would clash with the panels' names. */
  tableLabel: string;
  controls?: ReactNode;
}) {
  return (
    // A card, not a named region: its title would clash with the panels' names ("Payments").
    <div className="card overview-chart-card">
      <div className="card-body">
        <h4 className="h6 card-title">{title}</h4>
        {controls}
        {empty ? (
          <p className="text-body-secondary mb-0">{empty}</p>
        ) : (
          <>
            <Suspense fallback={<div className="overview-chart" aria-hidden="true" />}>
              <ChartCanvas labels={labels} series={series} summary={summary} stacked={stacked} />
            </Suspense>
            <details className="mt-2">
              <summary>The numbers of this chart</summary>
              <ScrollRegion label={tableLabel}>{table}</ScrollRegion>
            </details>
          </>
        )}
      </div>
    </div>
  );
}
