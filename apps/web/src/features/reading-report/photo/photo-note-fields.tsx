import { MAX_READING_NOTE_LENGTH } from '@maaler/contract';
import { type ChangeEvent, type RefObject, useId, useImperativeHandle, useState } from 'react';
import { useObjectUrl } from '@/components/reading-photo/use-object-url';
import '@/components/reading-photo/reading-photo.css';
import { newPhotoId } from './photo-id';
import { photoMessages as messages } from './photo-messages';
import type { PhotoNoteControl } from './photo-note-control';
import { type PhotoNote, type PhotoNoteProblem, photoNoteProblem, wireEvidence } from './photo-rules';

/** The id of `Tag foto`'s input, focused when SEND finds a required photo missing. */
const PHOTO_INPUT_ID = 'reading-photo-input';

const EMPTY: PhotoNote = { photo: null, note: '' };

type Props = {
  /** The handle SEND uses; the page keys these fields by meter, so another meter starts empty. */
  control: RefObject<PhotoNoteControl | null>;
  /** SEND cannot go without a photo (`Foto påkrævet` for a reader). */
  required: boolean;
  /** A typed note may be marked `Kræver opfølgning`, which opens a task for the office (issue 37). */
  offerFollowUp?: boolean;
};

/**
 * `Tag foto` and `Bemærkning` (issue 36), on the reading form and the resident's self-reading page
 * alike, always loaded lazily. The photo is shrunk (and its metadata dropped) before anything else,
 * so only the shrunk JPEG is shown, kept or sent.
 */
export default function PhotoNoteFields({ control, required, offerFollowUp = false }: Props) {
  const [state, setState] = useState<PhotoNote>(EMPTY);
  const [problem, setProblem] = useState<PhotoNoteProblem | null>(null);
  const [shrinking, setShrinking] = useState(false);
  const [unreadable, setUnreadable] = useState(false);
  const thumbnail = useObjectUrl(state.photo?.blob);
  const noteId = useId();
  const counterId = useId();
  const errorId = useId();
  const followUpId = useId();
  const shownError = unreadable ? messages.photoUnreadable : problem && messages[problem];

  useImperativeHandle(
    control,
    () => ({
      ready: () => {
        const found = photoNoteProblem(state, required);
        setProblem(found);
        if (found === 'photoRequired') document.getElementById(PHOTO_INPUT_ID)?.focus();
        return found === null;
      },
      evidence: () => ({ wire: wireEvidence(state), photo: state.photo?.blob }),
      clear: () => {
        setState(EMPTY);
        setProblem(null);
      },
    }),
    [state, required],
  );

  const change = (next: Partial<PhotoNote>) => {
    setProblem(null);
    setState((current) => ({ ...current, ...next }));
  };

  const take = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same file picked again must fire a change too.
    input.value = '';
    if (!file) return;
    setShrinking(true);
    setUnreadable(false);
    try {
      const { shrinkPhoto } = await import('./shrink-photo');
      change({ photo: { id: newPhotoId(), blob: await shrinkPhoto(file) } });
    } catch (failure) {
      console.warn('The photo could not be shrunk', failure);
      setUnreadable(true);
    } finally {
      setShrinking(false);
    }
  };

  return (
    <fieldset className="photo-note-part mb-3">
      <legend className="visually-hidden">{messages.partTitle}</legend>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <input
          id={PHOTO_INPUT_ID}
          className="photo-input visually-hidden"
          type="file"
          accept="image/*"
          capture="environment"
          aria-describedby={shownError ? errorId : undefined}
          aria-invalid={shownError && !state.photo ? true : undefined}
          disabled={shrinking}
          onChange={(event) => void take(event)}
        />
        <label htmlFor={PHOTO_INPUT_ID} className="btn btn-outline-primary photo-take">
          {state.photo ? messages.retakePhoto : messages.takePhoto}
        </label>
        {required && <span className="badge text-bg-secondary">{messages.photoRequiredSetting}</span>}
        {shrinking && (
          <span role="status" className="small">
            {messages.shrinking}
          </span>
        )}
      </div>
      {shownError && (
        <div id={errorId} role="alert" className="invalid-feedback d-block mb-2">
          {shownError}
        </div>
      )}
      {state.photo && thumbnail && (
        <div className="d-flex align-items-center gap-3 mb-2">
          <img src={thumbnail} alt={messages.thumbnail} className="photo-thumbnail rounded border" />
          <button
            type="button"
            className="btn btn-outline-danger photo-remove"
            onClick={() => change({ photo: null })}
          >
            {messages.removePhoto}
          </button>
        </div>
      )}
      <label htmlFor={noteId} className="form-label">
        {messages.note}
      </label>
      <textarea
        id={noteId}
        className="form-control"
        rows={2}
        maxLength={MAX_READING_NOTE_LENGTH}
        aria-describedby={counterId}
        value={state.note}
        onChange={(event) => change({ note: event.currentTarget.value })}
      />
      <div id={counterId} className="form-text">
        {messages.noteCounter(state.note.length)}
      </div>
      {offerFollowUp && state.note.trim() !== '' && (
        <div className="form-check mt-2">
          <input
            id={followUpId}
            className="form-check-input"
            type="checkbox"
            checked={state.followUp === true}
            onChange={(event) => change({ followUp: event.currentTarget.checked })}
          />
          <label htmlFor={followUpId} className="form-check-label">
            {messages.followUp}
          </label>
        </div>
      )}
    </fieldset>
  );
}
