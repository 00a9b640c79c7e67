import { toDanishDate } from '@maaler/contract';
import { formatDanishRate } from '@/lib/numbers/danish-number';
import { averageOfPoint, type HistoryPoint } from '../history-points';
import { readingHistoryMessages as messages } from '../messages';

const WIDTH = 600;
const HEIGHT = 160;
const GAP = 0.2;

/**
 * `meterChange`: the bar ends at a meter change (ADR 019); `estimated`: at an estimate (ADR 021). Both
 * are marked in their colour and their text.
 */
type Bar = { date: string; perDay: number; meterChange: boolean; estimated: boolean };

function barClass(bar: Bar): string {
  if (bar.perDay < 0) return 'consumption-chart-negative';
  if (bar.meterChange) return 'consumption-chart-meter-change';
  return bar.estimated ? 'consumption-chart-estimate' : 'consumption-chart-bar';
}

function barTitle(bar: Bar, rate: string): string {
  const date = toDanishDate(bar.date);
  if (bar.meterChange) return `${messages.meterChangeBar(date)}: ${rate}`;
  return bar.estimated ? `${messages.estimateBar(date)}: ${rate}` : messages.chartBar(date, rate);
}

/**
 * Consumption per day between readings as a bar chart in plain SVG, oldest left. The SVG is one image
 * to assistive technology, named by a summary; the numbers themselves are in the table below it.
 */
export function ConsumptionChart({ point }: { point: HistoryPoint }) {
  const bars: Bar[] = point.rows
    .flatMap(({ entry, consumption }) =>
      consumption
        ? [
            {
              date: entry.DateRecord,
              perDay: consumption.perDay,
              meterChange: entry.MeterChange !== undefined,
              estimated: entry.Source === 'estimate',
            },
          ]
        : [],
    )
    .reverse();
  const first = bars[0];
  const last = bars.at(-1);
  if (!first || !last) return <p className="text-body-secondary small">{messages.tooFewForChart}</p>;

  const rate = (value: number) => messages.rateWithUnit(formatDanishRate(value), point.unit);
  const values = bars.map((bar) => bar.perDay);
  const lowest = Math.min(...values);
  const highest = Math.max(...values);
  const top = Math.max(0, highest);
  const span = top - Math.min(0, lowest) || 1;
  const y = (value: number) => ((top - value) / span) * HEIGHT;
  const slot = WIDTH / bars.length;
  const average = averageOfPoint(point);
  const from = point.rows.at(-1)?.entry.DateRecord ?? first.date;

  return (
    <figure className="consumption-chart mb-2">
      <figcaption className="small fw-semibold">{messages.chartCaption(point.unit)}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={messages.chartSummary(
          point.name,
          toDanishDate(from),
          toDanishDate(last.date),
          rate(lowest),
          rate(highest),
        )}
      >
        {bars.map((bar, index) => (
          <rect
            key={bar.date}
            x={index * slot + (slot * GAP) / 2}
            y={Math.min(y(bar.perDay), y(0))}
            width={slot * (1 - GAP)}
            height={Math.max(Math.abs(y(bar.perDay) - y(0)), 1)}
            className={barClass(bar)}
            data-estimated={bar.estimated || undefined}
          >
            <title>{barTitle(bar, rate(bar.perDay))}</title>
          </rect>
        ))}
        <line x1={0} x2={WIDTH} y1={y(0)} y2={y(0)} className="consumption-chart-axis" />
        {average !== null && average > 0 && (
          <line x1={0} x2={WIDTH} y1={y(average)} y2={y(average)} className="consumption-chart-average" />
        )}
      </svg>
      <div className="d-flex justify-content-between small text-body-secondary" aria-hidden="true">
        <span>{toDanishDate(from)}</span>
        <span>{toDanishDate(last.date)}</span>
      </div>
      {average !== null && average > 0 && (
        <p className="small text-body-secondary mb-0">{messages.chartAverage(rate(average))}</p>
      )}
    </figure>
  );
}
