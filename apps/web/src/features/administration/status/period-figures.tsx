import { type GatewayStatusCounts, type PeriodStatus, toDanishDate } from '@maaler/contract';
import { readPercent } from './read-share';
import { statusMessages as messages } from './status-messages';

function LocationBar({ gateway }: { gateway: GatewayStatusCounts }) {
  const { Read, Total } = gateway.Counts;
  const percent = readPercent(Read, Total);
  const text = messages.locationBar(gateway.Name, Read, Total);
  return (
    <li className="mb-2">
      <span aria-hidden="true">{text}</span>
      <div
        className="progress mt-1"
        role="progressbar"
        aria-label={text}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="progress-bar bg-success" style={{ width: `${percent}%` }} />
      </div>
    </li>
  );
}

/** The reasons of the period's readings (issue 37): counted, then each that is not `Periodisk`. */
function ReadingReasons({ status }: { status: PeriodStatus }) {
  const counts = status.readingReasons ?? [];
  if (counts.length === 0) return null;
  return (
    <>
      <h3 className="h6">{messages.readingReasonsHeading}</h3>
      <ul data-testid="reading-reasons">
        {counts.map((count) => (
          <li key={count.Reason}>
            {messages.readingReason(count.Reason)}: {count.Count}
          </li>
        ))}
      </ul>
      {(status.reasonedReadings ?? []).length > 0 && (
        <ul className="small" data-testid="reasoned-readings">
          {(status.reasonedReadings ?? []).map((reading) => (
            <li key={`${reading.DeviceItemId}-${reading.DateRecord}-${reading.Reason}`}>
              {messages.reasonedReading(
                [reading.GatewayName, reading.DeviceName, reading.Name].join(' · '),
                reading.Reason,
                toDanishDate(reading.DateRecord),
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The period's counts (`Aflæst`, `Mangler`, `Sprunget over`, `Estimeret`), the skip reasons and a bar per location. */
export function PeriodFigures({ status }: { status: PeriodStatus }) {
  const { totals } = status;
  return (
    <>
      <p className="fw-semibold" data-testid="admin-progress">
        {messages.progress(totals.Read, totals.Total)}
      </p>
      <dl className="row mb-3">
        <dt className="col-6 col-sm-3">{messages.read}</dt>
        <dd className="col-6 col-sm-9 mb-1">{totals.Read}</dd>
        <dt className="col-6 col-sm-3">{messages.missing}</dt>
        <dd className="col-6 col-sm-9 mb-1">{totals.Missing}</dd>
        <dt className="col-6 col-sm-3">{messages.skipped}</dt>
        <dd className="col-6 col-sm-9 mb-1">{totals.Skipped}</dd>
        <dt className="col-6 col-sm-3">{messages.estimated}</dt>
        <dd className="col-6 col-sm-9 mb-1">{totals.Estimated}</dd>
      </dl>
      {status.skipReasons.length > 0 && (
        <>
          <h3 className="h6">{messages.reasonsHeading}</h3>
          <ul>
            {status.skipReasons.map((reason) => (
              <li key={reason.Reason}>
                {reason.Reason}: {reason.Count}
              </li>
            ))}
          </ul>
        </>
      )}
      <ReadingReasons status={status} />
      <h3 className="h6">{messages.perLocationHeading}</h3>
      <ul className="list-unstyled">
        {status.gateways.map((gateway) => (
          <LocationBar key={gateway.GatewayId} gateway={gateway} />
        ))}
      </ul>
    </>
  );
}
