import { useId } from "react";
import { niceMaximum, weekLabel, type WeeklyPoint } from "../../admin/chart";

const WIDTH = 600;
const HEIGHT = 220;
const PAD = { top: 16, right: 8, bottom: 34, left: 36 };

/**
 * A bar chart of counts per week, drawn as SVG on the server (readable without JavaScript). A table
 * with the same figures follows for screen readers.
 */
export function WeeklyChart({ title, points }: { title: string; points: WeeklyPoint[] }) {
  const id = useId();
  const max = niceMaximum(points.map((point) => point.count));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(points.length, 1);
  const bar = Math.max(4, slot * 0.64);
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const total = points.reduce((sum, point) => sum + point.count, 0);
  return (
    <figure className="admin-chart">
      <figcaption id={`${id}-title`} className="admin-chart__title">
        {title} <span className="admin-chart__total">{total.toLocaleString("en-GB")} in {points.length} weeks</span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title`} className="admin-chart__svg" preserveAspectRatio="xMidYMid meet">
        {[0, 0.5, 1].map((fraction) => (
          <g key={fraction}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(max * fraction)} y2={y(max * fraction)} className="admin-chart__grid" />
            <text x={PAD.left - 6} y={y(max * fraction) + 4} textAnchor="end" className="admin-chart__axis">
              {Math.round(max * fraction)}
            </text>
          </g>
        ))}
        {points.map((point, index) => {
          const x = PAD.left + index * slot + (slot - bar) / 2;
          const top = y(point.count);
          return (
            <g key={point.week}>
              <rect x={x} y={top} width={bar} height={PAD.top + plotHeight - top} rx={3} className="admin-chart__bar">
                <title>{`Week of ${weekLabel(point.week)}: ${point.count}`}</title>
              </rect>
              {point.count > 0 ? (
                <text x={x + bar / 2} y={top - 4} textAnchor="middle" className="admin-chart__value">
                  {point.count}
                </text>
              ) : null}
              {index % 2 === points.length % 2 ? null : (
                <text x={x + bar / 2} y={HEIGHT - 12} textAnchor="middle" className="admin-chart__axis">
                  {weekLabel(point.week)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>{title}, per week</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Count</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.week}>
              <td>{weekLabel(point.week)}</td>
              <td>{point.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
