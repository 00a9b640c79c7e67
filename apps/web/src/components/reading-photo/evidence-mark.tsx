import { useState } from 'react';
import { type Evidence, EvidenceDialog } from './evidence-dialog';
import { evidenceMessages as messages } from './evidence-messages';
import './reading-photo.css';

/**
 * The mark of a reading with a photo or a note (issue 36): a button that opens them large. Nothing
 * for a reading without either.
 */
export function EvidenceMark({ evidence }: { evidence: Evidence }) {
  const [open, setOpen] = useState(false);
  if (!evidence.photoId && !evidence.note) return null;
  const marks = [evidence.photoId ? messages.hasPhoto : null, evidence.note ? messages.hasNote : null];
  // The visible word is part of the button's name (WCAG 2.5.3): `Vis foto og bemærkning for …`.
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary photo-mark ms-2"
        aria-label={messages.openEvidence(evidence.date)}
        title={marks.filter(Boolean).join(', ')}
        data-testid="evidence-mark"
        onClick={() => setOpen(true)}
      >
        {evidence.photoId ? messages.photoMark : messages.noteMark}
      </button>
      {open && <EvidenceDialog evidence={evidence} onClose={() => setOpen(false)} />}
    </>
  );
}
