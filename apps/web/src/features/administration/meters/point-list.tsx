import type { AdminMeter, AdminPoint } from '@maaler/contract';
import type { ReactNode } from 'react';
import { ItemButton } from './item-buttons';
import { meterAdministrationMessages as messages } from './meter-messages';

/** A meter's measurement points with their register settings, each with `Ret` while the meter is active. */
export function PointList({
  meter,
  id,
  active,
  onEditPoint,
  formAt,
}: {
  meter: AdminMeter;
  id: (what: string) => string;
  active: boolean;
  onEditPoint: (point: AdminPoint) => void;
  formAt: (at: string) => ReactNode;
}) {
  if (meter.Points.length === 0) return <p className="small text-body-secondary mb-0">{messages.noPoints}</p>;
  return (
    <ul className="mb-0 ps-3" aria-label={`${messages.points}: ${meter.Name}`}>
      {meter.Points.map((point) => (
        <li key={point.DeviceItemId} className="small">
          <span className="me-2">
            {point.Name} ({point.Unit})
            {point.RegisterDigits !== null && ` · ${messages.digitsShown(point.RegisterDigits)}`}
            {point.CountsUpOnly && ` · ${messages.countsUpOnlyShown}`}
          </span>
          {active && (
            <ItemButton
              id={id(`point-${point.DeviceItemId}-edit`)}
              label={messages.editPoint(point.Name)}
              variant="light"
              onClick={() => onEditPoint(point)}
            >
              {messages.edit}
            </ItemButton>
          )}
          {formAt(`point-${point.DeviceItemId}`)}
        </li>
      ))}
    </ul>
  );
}
