import {
  type AdminLocation,
  type AdminMeter,
  type AdminPoint,
  type MoveRequest,
  toDanishDate,
} from '@maaler/contract';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { ADMIN_METERS_SHOWN_PER_LOCATION } from '@/config/constants';
import { meterAdministrationMessages as messages } from '../messages';

type Ids = (what: string) => string;

/** A small button of an item's row, named for the item it acts on (its visible text is one word). */
function ItemButton({
  id,
  label,
  variant = 'outline-primary',
  disabled = false,
  onClick,
  children,
}: {
  id: string;
  label: string;
  variant?: 'outline-primary' | 'outline-secondary' | 'light';
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button id={id} size="sm" variant={variant} aria-label={label} disabled={disabled} onClick={onClick}>
      {children}
    </Button>
  );
}

function MoveButtons({
  base,
  name,
  first,
  last,
  busy,
  onMove,
}: {
  base: string;
  name: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (direction: MoveRequest['Direction']) => void;
}) {
  return (
    <>
      <ItemButton
        id={`${base}-up`}
        label={messages.moveUpLabel(name)}
        variant="outline-secondary"
        disabled={first || busy}
        onClick={() => onMove('up')}
      >
        {messages.moveUp}
      </ItemButton>
      <ItemButton
        id={`${base}-down`}
        label={messages.moveDownLabel(name)}
        variant="outline-secondary"
        disabled={last || busy}
        onClick={() => onMove('down')}
      >
        {messages.moveDown}
      </ItemButton>
    </>
  );
}

export function LocationView({
  location,
  id,
  firstInRoute,
  lastInRoute,
  busy,
  onEdit,
  onMove,
  onAddMeter,
  children,
}: {
  location: AdminLocation;
  id: Ids;
  firstInRoute: boolean;
  lastInRoute: boolean;
  busy: boolean;
  onEdit: () => void;
  onMove: (direction: MoveRequest['Direction']) => void;
  onAddMeter: () => void;
  children: ReactNode;
}) {
  const base = id(`location-${location.GatewayId}`);
  return (
    <>
      <h3 className="h6 mb-0">{location.Name}</h3>
      {location.Address && <p className="small text-body-secondary mb-1">{location.Address}</p>}
      <div className="d-flex flex-wrap gap-1 mb-2">
        <ItemButton id={`${base}-edit`} label={messages.editLocation(location.Name)} onClick={onEdit}>
          {messages.edit}
        </ItemButton>
        <MoveButtons
          base={base}
          name={location.Name}
          first={firstInRoute}
          last={lastInRoute}
          busy={busy}
          onMove={onMove}
        />
        <ItemButton id={`${base}-add`} label={messages.addMeterTo(location.Name)} onClick={onAddMeter}>
          {messages.addMeter}
        </ItemButton>
      </div>
      <div className="d-flex flex-column gap-2">{children}</div>
    </>
  );
}

export function MeterView({
  meter,
  id,
  first,
  last,
  busy,
  onEdit,
  onMove,
  onRetire,
  onAddPoint,
  onEditPoint,
  formAt,
  meterChange,
  children,
}: {
  meter: AdminMeter;
  id: Ids;
  first: boolean;
  last: boolean;
  busy: boolean;
  onEdit: () => void;
  onMove: (direction: MoveRequest['Direction']) => void;
  onRetire: () => void;
  onAddPoint: () => void;
  onEditPoint: (point: AdminPoint) => void;
  formAt: (at: string) => ReactNode;
  /** 'Målerskift' of an active meter. */
  meterChange: ReactNode;
  children: ReactNode;
}) {
  const base = id(`meter-${meter.DeviceId}`);
  const active = meter.Status === 'active';
  return (
    <article className="border-top pt-2" aria-labelledby={`${base}-name`}>
      <h4 id={`${base}-name`} className="h6 mb-0">
        {meter.Name}
      </h4>
      <p className="small mb-1">
        {messages.types[meter.Type]} · {meter.Serial || messages.noSerial} ·{' '}
        {meter.InstalledOn && `${messages.installedOnShown(toDanishDate(meter.InstalledOn))} · `}
        <span className={active ? '' : 'text-danger'}>{messages.statuses[meter.Status]}</span>
      </p>
      {active && (
        <div className="d-flex flex-wrap gap-1 mb-1">
          <ItemButton id={`${base}-edit`} label={messages.editMeter(meter.Name)} onClick={onEdit}>
            {messages.edit}
          </ItemButton>
          <MoveButtons base={base} name={meter.Name} first={first} last={last} busy={busy} onMove={onMove} />
          <ItemButton id={`${base}-add`} label={messages.addPointTo(meter.Name)} onClick={onAddPoint}>
            {messages.addPoint}
          </ItemButton>
          <ItemButton
            id={`${base}-retire`}
            label={messages.retireLabel(meter.Name)}
            variant="outline-secondary"
            onClick={onRetire}
          >
            {messages.retire}
          </ItemButton>
          {meterChange}
        </div>
      )}
      {children}
      {formAt(`meter-${meter.DeviceId}`)}
      {meter.Points.length === 0 ? (
        <p className="small text-body-secondary mb-0">{messages.noPoints}</p>
      ) : (
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
      )}
    </article>
  );
}

/**
 * Under a location's first meters: how many of all show, and `Vis flere målere` for the next handful;
 * nothing when all show.
 */
export function MoreMeters({
  location,
  shown,
  onMore,
}: {
  location: AdminLocation;
  shown: number;
  onMore: (shown: number) => void;
}) {
  const total = location.Meters.length;
  if (shown >= total) return null;
  return (
    <div className="border-top pt-2 d-flex flex-wrap align-items-center gap-2">
      <span className="small">{messages.metersShown(shown, total)}</span>
      <Button
        size="sm"
        variant="outline-primary"
        aria-label={messages.showMoreMetersLabel(location.Name, total - shown)}
        onClick={() => onMore(shown + ADMIN_METERS_SHOWN_PER_LOCATION)}
      >
        {messages.showMoreMeters}
      </Button>
    </div>
  );
}
