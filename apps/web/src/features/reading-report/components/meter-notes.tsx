import { combinedNote, mapLinkOf, type NotesOf } from '../field-notes';
import { fieldNotesMessages as messages } from '../field-notes-messages';

type MeterNotesProps = {
  location: NotesOf | undefined;
  meter: NotesOf & { OpenDefect?: boolean | undefined };
};

/**
 * Under the meter's name (issue 37): its open defect, `Placering` and `Adgang` of the location and the
 * meter, and `Vis på kort` for a location with an address; nothing when there is none of them.
 */
export default function MeterNotes({ location, meter }: MeterNotesProps) {
  const placement = combinedNote(location, meter, 'Placement');
  const access = combinedNote(location, meter, 'Access');
  const address = location?.Address;
  if (!meter.OpenDefect && !placement && !access && !address) return null;
  return (
    <div className="mb-3" data-testid="meter-notes">
      {meter.OpenDefect && (
        <p className="alert alert-warning py-2 mb-2" role="note">
          {messages.openDefect}
        </p>
      )}
      {(placement || access) && (
        <dl className="small mb-1 meter-notes">
          {placement && (
            <div>
              <dt className="d-inline">{messages.placement}:</dt> <dd className="d-inline">{placement}</dd>
            </div>
          )}
          {access && (
            <div>
              <dt className="d-inline">{messages.access}:</dt> <dd className="d-inline">{access}</dd>
            </div>
          )}
        </dl>
      )}
      {address && (
        <a
          href={mapLinkOf(address)}
          target="_blank"
          rel="noopener noreferrer"
          className="small tap-link"
          aria-label={messages.showOnMapLabel(address)}
        >
          {messages.showOnMap}
        </a>
      )}
    </div>
  );
}
