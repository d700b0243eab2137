import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  /** A colour with at least 3:1 contrast on white (WCAG 1.4.11). */
  color: string;
  values: number[];
  bars?: boolean;
}

interface AnalyticsChartProps {
  /** YYYY-MM-DD, one per value. */
  days: string[];
  series: ChartSeries[];
  /** What the chart shows, for screen readers; its figures are in the table `describedBy` names. */
  label: string;
  describedBy: string;
  formatValue?: (value: number) => string;
}

const HEIGHT = 240;

/**
 * A small chart of daily figures drawn by uPlot on a canvas (docs/decisions/0020). Loaded on its own
 * chunk when the analytics page shows a chart, so neither uPlot nor its styles reach other pages. The
 * canvas is hidden from assistive technology: the figure names what it shows, and the table it is
 * described by holds the same figures.
 */
export default function AnalyticsChart({ days, series, label, describedBy, formatValue = String }: AnalyticsChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const bars = uPlot.paths.bars?.({ size: [0.6, 24] });
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height: HEIGHT,
        // Days are UTC days, as the server counts them.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: true }, y: { range: (_plot, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          { stroke: '#565e66', grid: { stroke: '#e9ecef' } },
          { stroke: '#565e66', grid: { stroke: '#e9ecef' }, values: (_plot, ticks) => ticks.map(formatValue), size: 60 },
        ],
        series: [
          {},
          ...series.map((line) => ({
            label: line.label,
            stroke: line.color,
            width: 2,
            ...(line.bars && bars ? { paths: bars, fill: line.color } : { points: { show: days.length <= 31 } }),
          })),
        ],
      },
      [xs, ...series.map((line) => line.values)],
      element,
    );
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      plot.destroy();
    };
  }, [days, series, formatValue]);

  return (
    <figure className="analytics-figure" aria-describedby={describedBy}>
      <figcaption className="visually-hidden">{label}</figcaption>
      <ul className="analytics-legend" aria-hidden="true">
        {series.map((line) => (
          <li key={line.label}>
            <span className="analytics-swatch" style={{ background: line.color }} />
            {line.label}
          </li>
        ))}
      </ul>
      <div ref={box} className="analytics-chart" aria-hidden="true" />
    </figure>
  );
}
