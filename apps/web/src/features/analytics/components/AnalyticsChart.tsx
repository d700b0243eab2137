import { useEffect, useRef, useState } from 'react';
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
  /** Counts: the value axis ticks whole numbers only. */
  wholeNumbers?: boolean;
}

const HEIGHT = 240;
const DAY_SECONDS = 86_400;
const DAY_STEPS = [1, 2, 7, 14, 28, 56, 91].map((days) => days * DAY_SECONDS);
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 100_000, 1_000_000];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The top of the value axis: the figure rounded up to 1, 2, 2.5 or 5 times a power of ten, so the highest bar never touches the frame. */
function niceCeiling(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max * 1.05));
  return [1, 2, 2.5, 5, 10].map((step) => step * power).find((top) => top >= max * 1.05) ?? 10 * power;
}

const dayLabel = (seconds: number) => {
  const date = new Date(seconds * 1000);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
};

/**
 * A small chart of daily figures drawn by uPlot on a canvas (docs/decisions/0020). Loaded on its own
 * chunk when the analytics page shows a chart, so neither uPlot nor its styles reach other pages. The
 * canvas is hidden from assistive technology: the figure names what it shows, and the table it is
 * described by holds the same figures.
 */
export default function AnalyticsChart({
  days,
  series,
  label,
  describedBy,
  formatValue = String,
  wholeNumbers = false,
}: AnalyticsChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    // A browser without a 2D canvas (or a chart library's bug) must not take the page down: the table has the figures.
    if (!element.ownerDocument.createElement('canvas').getContext?.('2d')) {
      setFailed(true);
      return undefined;
    }
    const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const bars = uPlot.paths.bars?.({ size: [0.6, 24] });
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height: HEIGHT,
        // Days are UTC days, as the server counts them: ticks fall on UTC midnights.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: true }, y: { range: (_plot, _min, max) => [0, niceCeiling(max)] } },
        axes: [
          // One tick a day at most, written as a day: the figures are per day, not per hour.
          { stroke: '#565e66', grid: { stroke: '#e9ecef' }, incrs: DAY_STEPS, values: (_plot, ticks) => ticks.map(dayLabel) },
          {
            stroke: '#565e66',
            grid: { stroke: '#e9ecef' },
            values: (_plot, ticks) => ticks.map(formatValue),
            size: 60,
            ...(wholeNumbers ? { incrs: WHOLE_STEPS } : {}),
          },
        ],
        series: [
          {},
          ...series.map((line) => ({
            label: line.label,
            stroke: line.color,
            width: 2,
            ...(line.bars && bars ? { paths: bars, fill: line.color, points: { show: false } } : { points: { show: days.length <= 31 } }),
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
  }, [days, series, formatValue, wholeNumbers]);

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
      {failed && <p className="text-secondary small">The chart cannot be drawn in this browser; “Show as table” has its figures.</p>}
      <div ref={box} className={failed ? 'visually-hidden' : 'analytics-chart'} aria-hidden="true" />
    </figure>
  );
}
