import type { AdminLocation } from '@maaler/contract';
import type { ReactNode } from 'react';
import { AdminMeterChange } from './admin-meter-change';
import { LocationView } from './location-view';
import { addMeterForm, addPointForm, editLocationForm, editMeterForm, editPointForm } from './meter-forms';
import { firstNewlyShown, isLastActive, shownToKeepMovedInSight } from './meter-list-rules';
import { MeterView } from './meter-view';
import { MoreMeters } from './more-meters';
import { RetireQuestion } from './retire-question';
import type { MeterEditing } from './use-meter-editing';
import type { useShownMeters } from './use-shown-meters';

/** One location of `Målere` with its first meters shown, each item's buttons tied to the section's editing. */
export function LocationItem({
  location,
  accountId,
  id,
  route,
  editing,
  shownMeters,
  formAt,
}: {
  location: AdminLocation;
  accountId: string;
  id: (what: string) => string;
  /** Whether the location is the first or the last of the whole route. */
  route: { first: boolean; last: boolean };
  editing: MeterEditing;
  shownMeters: ReturnType<typeof useShownMeters>;
  formAt: (at: string) => ReactNode;
}) {
  const gatewayId = location.GatewayId;
  const shown = shownMeters.shownOf(gatewayId);
  return (
    <LocationView
      location={location}
      id={id}
      firstInRoute={route.first}
      lastInRoute={route.last}
      busy={editing.pending}
      onEdit={() =>
        editing.openForm(`location-${gatewayId}`, `location-${gatewayId}-edit`, editLocationForm(location))
      }
      onMove={(direction) => editing.move('location', gatewayId, location.Name, direction)}
      onAddMeter={() =>
        editing.openForm(`location-${gatewayId}`, `location-${gatewayId}-add`, addMeterForm(location))
      }
    >
      {formAt(`location-${gatewayId}`)}
      {location.Meters.slice(0, shown).map((meter, meterIndex) => (
        <MeterView
          key={meter.DeviceId}
          meter={meter}
          id={id}
          first={meterIndex === 0}
          last={isLastActive(location.Meters, meterIndex)}
          busy={editing.pending}
          onEdit={() =>
            editing.openForm(`meter-${meter.DeviceId}`, `meter-${meter.DeviceId}-edit`, editMeterForm(meter))
          }
          onMove={(direction) => {
            const keepInSight = shownToKeepMovedInSight(meterIndex, shown, direction);
            if (keepInSight !== null) shownMeters.show(gatewayId, keepInSight);
            editing.move('meter', meter.DeviceId, meter.Name, direction);
          }}
          meterChange={
            <AdminMeterChange
              accountId={accountId}
              deviceId={meter.DeviceId}
              onChanged={(newDeviceId) => editing.focusLater(id(`meter-${newDeviceId}-edit`))}
            />
          }
          onRetire={() => editing.askRetire(meter)}
          onAddPoint={() =>
            editing.openForm(`meter-${meter.DeviceId}`, `meter-${meter.DeviceId}-add`, addPointForm(meter))
          }
          onEditPoint={(point) =>
            editing.openForm(
              `point-${point.DeviceItemId}`,
              `point-${point.DeviceItemId}-edit`,
              editPointForm(point),
            )
          }
          formAt={formAt}
        >
          {editing.retiring?.DeviceId === meter.DeviceId && (
            <RetireQuestion
              meter={meter}
              error={editing.error}
              pending={editing.pending}
              onConfirm={() => editing.retire(meter, gatewayId)}
              onCancel={() => editing.close(id(`meter-${meter.DeviceId}-retire`))}
            />
          )}
        </MeterView>
      ))}
      <MoreMeters
        location={location}
        shown={shown}
        onMore={(count) => {
          shownMeters.show(gatewayId, count);
          const first = firstNewlyShown(location, shown, count);
          if (first) editing.focusLater(id(`meter-${first.DeviceId}-edit`), id(`location-${gatewayId}-add`));
        }}
      />
    </LocationView>
  );
}
