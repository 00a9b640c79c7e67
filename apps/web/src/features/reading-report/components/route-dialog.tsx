import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { DialogHeader } from '@/components/dialog-header';
import { combinedNote } from '../field-notes';
import { fieldNotesMessages as notesMessages } from '../field-notes-messages';
import { routeMessages as messages, readingReportMessages } from '../messages';
import { routeDialogMessages as dialogMessages } from '../route-dialog-messages';
import { emptyRouteText, hasMine, routeByLocation, shownRouteMeters } from '../route-list';
import { type MeterRef, meterKey, type RouteMeter, routeProgress } from '../route-status';
import { PrintRouteButton } from './print-route-button';

const TITLE_ID = 'route-title';

const STATUS_CLASS: Record<RouteMeter['status'], string> = {
  Mangler: 'text-bg-warning',
  Aflæst: 'text-bg-success',
  'Sprunget over': 'text-bg-secondary',
};

type RouteDialogProps = {
  /** The account whose route it is, for `Udskriv rute`. */
  accountId: string;
  /** Null while the route loads. */
  meters: readonly RouteMeter[] | null;
  /** Why the route could not be loaded. */
  error: string | null;
  onChoose: (meter: MeterRef) => void;
  onClose: () => void;
};

/**
 * The route of the chosen account (issue 17): locations and meters in route order, each with its
 * status, how many are read, and a filter for the missing ones. Choosing a meter fills the form.
 */
export default function RouteDialog({ accountId, meters, error, onChoose, onClose }: RouteDialogProps) {
  const [onlyMissing, setOnlyMissing] = useState(false);
  // `Mine` until the reader picks: the default follows the route once it has loaded (ADR 048).
  const [mineChosen, setMineChosen] = useState<boolean | null>(null);
  const offerMine = hasMine(meters ?? []);
  const onlyMine = offerMine && (mineChosen ?? true);
  const listed = shownRouteMeters(meters ?? [], false, onlyMine);
  const shown = shownRouteMeters(listed, onlyMissing);
  const progress = meters ? routeProgress(listed) : null;
  return (
    <Modal show onHide={onClose} aria-labelledby={TITLE_ID} scrollable fullscreen="sm-down">
      <DialogHeader id={TITLE_ID}>{messages.routeTitle}</DialogHeader>
      <Modal.Body>
        {error && (
          <p role="alert" className="text-danger">
            {error}
          </p>
        )}
        {!meters && !error && (
          <p role="status" className="d-flex align-items-center gap-2">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            {messages.loading}
          </p>
        )}
        {progress && (
          <>
            <p className="fw-semibold" data-testid="route-progress">
              {messages.progress(progress.read, progress.total)}
            </p>
            <PrintRouteButton accountId={accountId} />
            <div className="d-flex flex-wrap align-items-center column-gap-4 mb-3">
              {offerMine && (
                <fieldset className="d-flex gap-3">
                  <legend className="visually-hidden">{dialogMessages.whoseMeters}</legend>
                  {([true, false] as const).map((mine) => (
                    <Form.Check
                      key={String(mine)}
                      type="radio"
                      name="route-whose"
                      id={mine ? 'route-mine' : 'route-all'}
                      label={mine ? dialogMessages.mine : dialogMessages.all}
                      checked={onlyMine === mine}
                      onChange={() => setMineChosen(mine)}
                    />
                  ))}
                </fieldset>
              )}
              <Form.Check
                type="checkbox"
                id="route-only-missing"
                label={messages.onlyMissing}
                checked={onlyMissing}
                onChange={(event) => setOnlyMissing(event.target.checked)}
              />
            </div>
            {shown.length === 0 && <p>{emptyRouteText(progress)}</p>}
            {routeByLocation(shown).map((location) => (
              <section key={location.gatewayId} aria-labelledby={`route-location-${location.gatewayId}`}>
                <h3 id={`route-location-${location.gatewayId}`} className="h6 mt-3">
                  {location.name}
                </h3>
                <ul className="list-group">
                  {location.meters.map((meter) => (
                    <li key={meterKey(meter)} className="list-group-item p-0">
                      <button
                        type="button"
                        className="btn w-100 text-start d-flex justify-content-between align-items-center gap-2 py-2 route-row"
                        onClick={() => onChoose(meter)}
                      >
                        <span>
                          <span className="d-block">{meter.name}</span>
                          {meter.serial && (
                            <span className="d-block small text-body-secondary">
                              {readingReportMessages.serial(meter.serial)}
                            </span>
                          )}
                          <RouteRowNotes meter={meter} />
                        </span>{' '}
                        <span className="d-flex flex-column align-items-end gap-1">
                          <span className={`badge ${STATUS_CLASS[meter.status]}`}>{meter.status}</span>
                          {meter.notes?.meter.Assigned === 'other' && (
                            <span className="badge text-bg-light border">
                              {dialogMessages.assignedToOther}
                            </span>
                          )}
                          {meter.notes?.meter.OpenDefect && (
                            <span className="badge text-bg-danger">{notesMessages.openDefectBadge}</span>
                          )}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </>
        )}
      </Modal.Body>
    </Modal>
  );
}

/** `Placering` and `Adgang` of the meter's location and the meter itself (issue 37), each when there is one. */
function RouteRowNotes({ meter }: { meter: RouteMeter }) {
  const notes = meter.notes;
  return (['Placement', 'Access'] as const).map((key) => {
    const text = combinedNote(notes?.location, notes?.meter, key);
    return (
      text && (
        <span key={key} className="d-block small text-body-secondary">
          {key === 'Placement' ? notesMessages.placement : notesMessages.access}: {text}
        </span>
      )
    );
  });
}
