import type { StatsDay, StatsMetric } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { STATS_STRINGS as S } from '../strings';

/** The charts' groups: what is drawn together, and how. */
const CHARTS: ReadonlyArray<{ key: keyof typeof S.charts; kind: 'line' | 'bar'; metrics: StatsMetric[] }> = [
  { key: 'people', kind: 'line', metrics: ['activeUsers', 'registrations'] },
  { key: 'content', kind: 'line', metrics: ['episodesWatched', 'chatMessages', 'comments', 'reviews'] },
  { key: 'reports', kind: 'bar', metrics: ['reportsOpened', 'reportsResolved'] },
];
const COLORS: Record<StatsMetric, string> = {
  activeUsers: '#4f8cff',
  registrations: '#35c27d',
  episodesWatched: '#8fd14f',
  chatMessages: '#f5a524',
  comments: '#b368f5',
  reviews: '#ef5da8',
  reportsOpened: '#f0644b',
  reportsResolved: '#39b3b8',
};
const HEIGHT = 240;
/** Before the first measurement, and where nothing measures (jsdom). */
const DEFAULT_WIDTH = 720;

/** 2026-11-26 → 26.11 */
const shortDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

/** The width of the element, followed as it changes (the charts draw at a fixed size). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** The daily series as three charts (recharts: this module is its own chunk, loaded only on the statistics page). */
export default function StatsCharts({ series }: { series: StatsDay[] }) {
  const { ref, width } = useWidth();
  const labelled = (metric: StatsMetric) => ({ dataKey: metric, name: S.metrics[metric], fill: COLORS[metric], stroke: COLORS[metric] });
  return (
    <div ref={ref} className="site-stats__charts">
      {CHARTS.map(({ key, kind, metrics }) => (
        <figure key={key} className="site-stats__chart" aria-label={S.charts[key]}>
          <figcaption>
            <h3>{S.charts[key]}</h3>
          </figcaption>
          {kind === 'line' ? (
            <LineChart width={width} height={HEIGHT} data={series}>
              <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
              <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={16} />
              <YAxis allowDecimals={false} width={40} />
              <Tooltip labelFormatter={(day) => shortDay(String(day))} />
              <Legend />
              {metrics.map((metric) => (
                <Line key={metric} type="monotone" dot={false} strokeWidth={2} isAnimationActive={false} {...labelled(metric)} />
              ))}
            </LineChart>
          ) : (
            <BarChart width={width} height={HEIGHT} data={series}>
              <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
              <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={16} />
              <YAxis allowDecimals={false} width={40} />
              <Tooltip labelFormatter={(day) => shortDay(String(day))} />
              <Legend />
              {metrics.map((metric) => (
                <Bar key={metric} isAnimationActive={false} {...labelled(metric)} />
              ))}
            </BarChart>
          )}
        </figure>
      ))}
    </div>
  );
}
