import Modal from 'react-bootstrap/Modal';
import { DialogHeader } from '@/components/dialog-header';
import { evidenceMessages as messages } from './evidence-messages';
import { usePhoto } from './use-photo';
import './reading-photo.css';
import { useObjectUrl } from './use-object-url';

/** What a reading carries besides its value (issue 36), and when and by whom it was taken. */
export type Evidence = {
  accountId: string;
  photoId?: string | undefined;
  note?: string | undefined;
  /** `DD-MM-YYYY`. */
  date: string;
  by: string;
};

/**
 * A reading's photo large, with its note, its date and who took it. Escape or `Luk` closes it and
 * focus goes back to what opened it; the photo's object URL is revoked on close.
 */
export function EvidenceDialog({ evidence, onClose }: { evidence: Evidence; onClose: () => void }) {
  const { accountId, photoId, note, date, by } = evidence;
  const photo = usePhoto(accountId, photoId);
  const url = useObjectUrl(photo.blob);
  return (
    <Modal
      show
      onHide={onClose}
      aria-labelledby="evidence-dialog-title"
      centered
      data-testid="evidence-dialog"
    >
      <DialogHeader id="evidence-dialog-title">{messages.dialogTitle}</DialogHeader>
      <Modal.Body>
        <p className="small mb-2">{messages.takenBy(date, by)}</p>
        {photoId ? (
          <PhotoView url={url} error={photo.error} alt={messages.largePhoto(date, by)} />
        ) : (
          <p>{messages.noPhoto}</p>
        )}
        {note && (
          <>
            <h3 className="h6 mt-3">{messages.note}</h3>
            <p className="text-break mb-0" style={{ whiteSpace: 'pre-wrap' }}>
              {note}
            </p>
          </>
        )}
      </Modal.Body>
    </Modal>
  );
}

function PhotoView({ url, error, alt }: { url: string | null; error: string | null; alt: string }) {
  if (error) return <p className="text-danger">{messages.photoFailed(error)}</p>;
  if (!url) return <p role="status">{messages.loadingPhoto}</p>;
  return <img src={url} alt={alt} className="photo-large d-block mx-auto rounded" />;
}
