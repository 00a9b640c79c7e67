import { type AdminMeter, type AdminPoint, type MoveRequest, toDanishDate } from '@maaler/contract';
import type { ReactNode } from 'react';
import { ItemButton, MoveButtons } from './item-buttons';
import { meterAdministrationMessages as messages } from './meter-messages';
import { PointList } from './point-list';

/**
 * A meter: type, serial number, installation day and status, its resident (role 1 alone sees Målere), with its buttons while it is active
 * (`Ret`, `Flyt op`/`Flyt ned`, `Tilføj målepunkt`, `Tag ud af drift`, `Målerskift`); then what is
 * open for it and its measurement points.
 */
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
  id: (what: string) => string;
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
        {meter.RadioId !== null && `${messages.remoteShown(meter.RadioId)} · `}
        <span className={active ? '' : 'text-danger'}>{messages.statuses[meter.Status]}</span>
      </p>
      {(meter.ResidentName || meter.ResidentEmail) && (
        <p className="small mb-1">{messages.residentShown(meter.ResidentName, meter.ResidentEmail)}</p>
      )}
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
      <PointList meter={meter} id={id} active={active} onEditPoint={onEditPoint} formAt={formAt} />
    </article>
  );
}
