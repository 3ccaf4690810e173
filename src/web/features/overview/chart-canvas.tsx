import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartDataset,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what the overview's bar charts use, so the rest of Chart.js stays out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface ChartSeries {
  label: string;
  color: string;
  values: number[];
}

/** A bar chart on a canvas, described by `summary` for screen readers (the data table beside it has the numbers). */
export default function ChartCanvas({
  labels,
  series,
  summary,
  stacked = false,
}: {
  labels: string[];
  series: ChartSeries[];
  summary: string;
  stacked?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // Redrawn only when the numbers change, not on every render of the page.
  const key = JSON.stringify([labels, series, stacked]);
  useEffect(() => {
    if (!canvas.current) return;
    const [chartLabels, chartSeries] = JSON.parse(key) as [string[], ChartSeries[]];
    const datasets: ChartDataset<'bar'>[] = chartSeries.map((s) => ({
      label: s.label,
      data: s.values,
      backgroundColor: s.color,
      borderColor: s.color,
    }));
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: { labels: chartLabels, datasets },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: chartSeries.length > 1, position: 'bottom' } },
        scales: {
          x: { stacked },
          y: { stacked, beginAtZero: true, ticks: { precision: 0 } },
        },
      },
    });
    return () => chart.destroy();
  }, [key, stacked]);
  return (
    <div className="overview-chart">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
