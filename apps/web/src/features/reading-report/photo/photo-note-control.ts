import type { SendEvidence } from '../hooks/use-save-or-keep';

/**
 * What SEND asks of the photo part (issue 36). The part loads lazily and keeps the photo and note
 * itself, so the form's first load carries only this handle; before the part has loaded there is
 * nothing to send with the readings.
 */
export type PhotoNoteControl = {
  /** True when SEND may go; otherwise the part shows why and focuses `Tag foto`. */
  ready: () => boolean;
  evidence: () => SendEvidence;
  /** After a save: the next meter starts without photo and note. */
  clear: () => void;
};
