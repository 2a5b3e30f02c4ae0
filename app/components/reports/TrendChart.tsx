// The trend chart of a report's chosen metrics by day (issue 12): server-rendered SVG, no chart
// library, no script. One small column chart per metric (each on its own scale: impressions and ROAS
// do not share an axis), each an image with a title and a description, and the same figures as a
// real table in a disclosure so a screen reader (or anyone) can read them as a table. The drawings
// stretch to their column's width (viewBox with preserveAspectRatio="none": columns are rectangles,
// so stretching keeps them true); text stays in HTML, outside the stretched drawing.
// Docs/decisions/041.
import { formatFigure } from '../../models/report-form'
import * as styles from './reports.css'

export type ChartMetric = { key: string; label: string; kind: string }
export type ChartPoint = { date: string; values: Record<string, number> }

const WIDTH = 300
const HEIGHT = 100
const GAP = 0.2

function Panel({
  metric,
  series,
  index,
}: {
  metric: ChartMetric
  series: readonly ChartPoint[]
  index: number
}) {
  const values = series.map((p) => p.values[metric.key] ?? 0)
  const max = Math.max(0, ...values)
  const min = Math.min(...values)
  const slot = WIDTH / Math.max(1, series.length)
  const first = series[0]?.date ?? ''
  const last = series[series.length - 1]?.date ?? ''
  const highest = series[values.indexOf(max)]?.date ?? first
  const lowest = series[values.indexOf(min)]?.date ?? first
  const titleId = `trend-${index}-title`
  const descId = `trend-${index}-desc`
  const range = first === last ? first : `${first} to ${last}`
  return (
    <div className={styles.chartPanel} data-testid="trend-panel">
      <div className={styles.chartHead} aria-hidden="true">
        <strong>{metric.label}</strong>
        <span>max {formatFigure(max, metric.kind)}</span>
      </div>
      <svg
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className={styles.chartSvg}
      >
        <title id={titleId}>{`${metric.label} by day, ${range}`}</title>
        <desc id={descId}>
          {`Highest ${formatFigure(max, metric.kind)} on ${highest}; lowest ${formatFigure(min, metric.kind)} on ${lowest}.`}
        </desc>
        <line
          x1={0}
          y1={HEIGHT - 0.5}
          x2={WIDTH}
          y2={HEIGHT - 0.5}
          stroke="currentColor"
          strokeOpacity={0.4}
        />
        {series.map((point, i) => {
          const value = values[i] ?? 0
          const height = max > 0 ? (Math.max(0, value) / max) * (HEIGHT - 4) : 0
          return (
            <rect
              key={point.date}
              x={i * slot + (slot * GAP) / 2}
              y={HEIGHT - height}
              width={slot * (1 - GAP)}
              height={height}
              fill="currentColor"
            />
          )
        })}
      </svg>
      <div className={styles.chartAxis} aria-hidden="true">
        <span>{first}</span>
        {first === last ? null : <span>{last}</span>}
      </div>
    </div>
  )
}

export function TrendChart({
  metrics,
  series,
  title = 'Trend by day',
}: {
  metrics: readonly ChartMetric[]
  series: readonly ChartPoint[]
  title?: string
}) {
  if (metrics.length === 0 || series.length === 0) return null
  return (
    <figure className={styles.chart} aria-labelledby="trend-title" data-testid="trend-chart">
      <h2 id="trend-title" className={styles.chartTitle}>
        {title}
      </h2>
      <div className={styles.panels}>
        {metrics.map((metric, index) => (
          <Panel key={metric.key} metric={metric} series={series} index={index} />
        ))}
      </div>
      <details>
        <summary>Chart data as a table</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: axe scrollable-region-focusable: a keyboard must reach a scrolling box to scroll it */}
        <section className={styles.chartDataWrap} aria-label="Chart data" tabIndex={0}>
          <table className={styles.chartData} data-testid="trend-table">
            <caption className={styles.visuallyHidden}>{`${title}: the chart's figures`}</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                {metrics.map((m) => (
                  <th key={m.key} scope="col">
                    {m.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {series.map((point) => (
                <tr key={point.date}>
                  <th scope="row">{point.date}</th>
                  {metrics.map((m) => (
                    <td key={m.key}>{formatFigure(point.values[m.key] ?? 0, m.kind)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </figure>
  )
}
