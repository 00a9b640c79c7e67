import {
  METER_CHANGE_TEXTS,
  READING_REASON_LABELS,
  READING_SOURCE_LABELS,
  ROLLOVER_LABEL,
  toDanishDate,
} from '@maaler/contract';
import { EvidenceMark } from '@/components/reading-photo/evidence-mark';
import { formatTimestamp } from '@/lib/format-timestamp';
import { formatDanishAmount, formatDanishDecimal, formatDanishRate } from '@/lib/numbers/danish-number';
import { type HistoryPoint, type HistoryRow, monthlyConsumption } from '../history-points';
import { readingHistoryMessages as messages } from '../messages';
import { ConsumptionChart } from './consumption-chart';

function canonical(wireValue: string): string {
  return wireValue.replace(',', '.');
}

/** A difference with its sign, `+1,5` or `−1,5`, so a control's deviation reads either way. */
function signed(formatted: string): string {
  if (formatted.startsWith('-')) return `−${formatted.slice(1)}`;
  return formatted === '0' ? formatted : `+${formatted}`;
}

function ValueCell({ row, accountId }: { row: HistoryRow; accountId: string }) {
  const { entry } = row;
  // A server need not send corrections (ADR 012); then none are shown.
  const corrections = entry.Corrections ?? [];
  return (
    <td className="history-value">
      <span className="text-nowrap">{formatDanishDecimal(row.value)}</span>
      {entry.MeterChange && (
        <span className="badge text-bg-dark ms-2" data-testid="meter-change-badge">
          {METER_CHANGE_TEXTS.label}
        </span>
      )}
      {entry.Rollover && (
        <span className="badge text-bg-dark ms-2" data-testid="rollover-badge">
          {ROLLOVER_LABEL}
        </span>
      )}
      {/* Periodic is the usual reason, and a meter change has its own mark: only others are shown. */}
      {entry.Reason && entry.Reason !== 'periodic' && !entry.MeterChange && (
        <span className="badge text-bg-light border ms-2">{READING_REASON_LABELS[entry.Reason]}</span>
      )}
      {corrections.length > 0 && <span className="badge text-bg-warning ms-2">{messages.corrected}</span>}
      {entry.PlausibilityOverride && <span className="badge text-bg-info ms-2">{messages.confirmed}</span>}
      {/* Typed on the web is the usual case; only other sources are marked. */}
      {entry.Source && entry.Source !== 'web' && (
        <span className="badge text-bg-secondary ms-2">{READING_SOURCE_LABELS[entry.Source]}</span>
      )}
      <EvidenceMark
        evidence={{
          accountId,
          photoId: entry.PhotoId,
          note: entry.Note,
          date: entry.DateRecordFormatted,
          by: entry.RegisteredBy,
        }}
      />
      {entry.EnteredAt && (
        <span className="small text-body-secondary text-nowrap ms-2">
          {messages.enteredAt(formatTimestamp(entry.EnteredAt))}
        </span>
      )}
      {entry.MeterChange && (
        <p className="small mb-0 mt-1">
          {messages.meterChange(
            entry.MeterChange.OldSerialNumber,
            entry.MeterChange.NewSerialNumber,
            formatDanishDecimal(canonical(entry.MeterChange.FinalValue)),
            formatDanishDecimal(row.value),
          )}
        </p>
      )}
      {entry.Controls && entry.Controls.length > 0 && (
        <ul className="list-unstyled small mb-0 mt-1" data-testid="history-controls">
          {entry.Controls.map((control) => (
            <li key={control.DateRecord}>
              {messages.control(
                toDanishDate(control.DateRecord),
                formatDanishDecimal(canonical(control.Value)),
                signed(formatDanishDecimal(canonical(control.Difference))),
                control.RegisteredBy,
              )}
            </li>
          ))}
        </ul>
      )}
      {corrections.length > 0 && (
        <ul className="list-unstyled small text-body-secondary mb-0 mt-1">
          {corrections.map((correction) => (
            <li key={`${correction.ChangedAt}-${correction.NewValue}`}>
              {messages.correction(
                formatDanishDecimal(canonical(correction.OldValue ?? '')),
                formatDanishDecimal(canonical(correction.NewValue)),
                correction.ChangedBy,
                formatTimestamp(correction.ChangedAt),
              )}
            </li>
          ))}
        </ul>
      )}
    </td>
  );
}

function ConsumptionCells({ row }: { row: HistoryRow }) {
  if (!row.consumption) {
    const none = (
      <td>
        <span aria-hidden="true">{messages.noConsumption}</span>
        <span className="visually-hidden">{messages.noConsumptionLabel}</span>
      </td>
    );
    return (
      <>
        {none}
        {none}
      </>
    );
  }
  return (
    <>
      <td className="text-nowrap">{formatDanishDecimal(row.consumption.amount)}</td>
      <td className="text-nowrap">{formatDanishRate(row.consumption.perDay)}</td>
    </>
  );
}

const MONTH_NAME = new Intl.DateTimeFormat('da-DK', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function monthName(month: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return MONTH_NAME.format(Date.UTC(year, number - 1, 1));
}

/** The point's consumption per calendar month, folded away under its summary until asked for. */
function MonthlyConsumption({ point }: { point: HistoryPoint }) {
  const months = monthlyConsumption(point);
  if (months.length === 0) return null;
  return (
    <details className="mt-2">
      <summary>{messages.byMonth}</summary>
      <p className="small text-body-secondary mb-1">{messages.byMonthNote}</p>
      <table className="table table-sm mb-0 w-auto">
        <caption className="visually-hidden">{messages.byMonthCaption(point.name)}</caption>
        <thead>
          <tr>
            <th scope="col">{messages.month}</th>
            <th scope="col">{messages.withUnit(messages.consumption, point.unit)}</th>
          </tr>
        </thead>
        <tbody>
          {months.map(({ month, amount }) => (
            <tr key={month} data-month={month}>
              <th scope="row" className="fw-normal">
                {monthName(month)}
              </th>
              <td className="text-nowrap">{formatDanishAmount(Number(amount))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** One measurement point: its consumption chart and a table of its readings, newest first. */
export function PointHistory({ point, accountId }: { point: HistoryPoint; accountId: string }) {
  const headingId = `history-point-${point.deviceItemId}`;
  const unit = (label: string) => messages.withUnit(label, point.unit);
  return (
    <section aria-labelledby={headingId} className="mb-4" data-testid="history-point">
      <h3 id={headingId} className="h6">
        {messages.withUnit(point.name, point.unit)}
      </h3>
      {point.rows.length === 0 ? (
        <p>{messages.empty}</p>
      ) : (
        <>
          <ConsumptionChart point={point} />
          <section
            className="table-responsive history-table"
            aria-label={messages.tableRegion(point.name)}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways on a phone must be reachable by keyboard to scroll it (WCAG 2.1.1).
            tabIndex={0}
          >
            <table className="table table-sm align-top mb-0">
              <caption className="caption-top">{messages.caption(point.name)}</caption>
              <thead>
                <tr>
                  <th scope="col">{messages.date}</th>
                  <th scope="col">{unit(messages.value)}</th>
                  <th scope="col">{unit(messages.consumption)}</th>
                  <th scope="col">{unit(messages.perDay)}</th>
                  <th scope="col">{messages.registeredBy}</th>
                  <th scope="col">{messages.registeredAt}</th>
                </tr>
              </thead>
              <tbody>
                {point.rows.map((row) => (
                  <tr
                    key={row.entry.DateRecord}
                    data-date={row.entry.DateRecord}
                    className={row.entry.MeterChange ? 'history-meter-change' : undefined}
                  >
                    <th scope="row" className="text-nowrap fw-normal">
                      {row.entry.DateRecordFormatted}
                    </th>
                    <ValueCell row={row} accountId={accountId} />
                    <ConsumptionCells row={row} />
                    <td>{row.entry.RegisteredBy}</td>
                    <td className="text-nowrap">{formatTimestamp(row.entry.RegisteredAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <MonthlyConsumption point={point} />
        </>
      )}
    </section>
  );
}
