import type { AdminLocation, MoveRequest } from '@maaler/contract';
import type { ReactNode } from 'react';
import { ItemButton, MoveButtons } from './item-buttons';
import { meterAdministrationMessages as messages } from './meter-messages';

/** A location's name and address with `Ret`, `Flyt op`/`Flyt ned` and `Tilføj måler`; its meters below. */
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
  id: (what: string) => string;
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
