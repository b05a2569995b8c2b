import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, formatMetric } from './format';

export interface DashboardChartProps {
  series: { date: string; value: number }[];
  format: 'count' | 'bytes';
  locale: string;
  /** The translated name of the figure, for the tooltip. */
  name: string;
}

/**
 * One figure's daily series as an area chart. Colours come from the theme's CSS variables (styles.css), so the
 * chart follows light and dark. The chart is hidden from assistive technology: the page gives the same numbers
 * as a table.
 */
export function DashboardChart({ series, format, locale, name }: DashboardChartProps) {
  return (
    <div className="bl-dashboard-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={180}>
        <AreaChart
          data={series}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          // The page gives the numbers as a table; the chart must not take keyboard focus inside aria-hidden.
          accessibilityLayer={false}
          tabIndex={-1}
        >
          <CartesianGrid vertical={false} />
          <XAxis dataKey="date" tickFormatter={(day: string) => formatDay(day, locale)} minTickGap={24} />
          <YAxis
            width={56}
            allowDecimals={false}
            tickFormatter={(value: number) => formatMetric(value, format, locale)}
          />
          <Tooltip
            labelFormatter={(day) => formatDay(String(day), locale)}
            formatter={(value) => [formatMetric(Number(value), format, locale), name]}
            contentStyle={{
              background: 'var(--bl-bg-elevated)',
              color: 'var(--bl-fg)',
              border: '1px solid var(--bl-border)',
              borderRadius: 'var(--bl-radius)',
            }}
          />
          <Area type="monotone" dataKey="value" name={name} isAnimationActive={false} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

export default DashboardChart;
