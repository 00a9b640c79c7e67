import type { GuaranteedDevice, GuaranteedHistoryList } from '@maaler/contract';
import { findPlausibilityWarnings, type PointWarning } from '../plausibility-warnings';
import type { ReadingField, ValidReadingForm } from '../reading-form-rules';
import { registerFieldErrors } from '../register-refusals';

const NONE: ReadonlySet<number> = new Set();

/**
 * What becomes of a press of SEND once the meter's history is known: `refused` (ADR 020, shown on
 * the fields, nothing is sent, also not with 'Send alligevel'), `warned` (implausible values are
 * shown, nothing is sent), or `send`, with the points the user confirmed despite a warning.
 */
export type SaveGate =
  | { kind: 'refused'; fields: ReadingField[] }
  | { kind: 'warned'; points: PointWarning[] }
  | { kind: 'send'; confirmed: ReadonlySet<number> };

/**
 * The history may have arrived after the values were judged while typing, so the register's rules
 * are judged again here. `confirmed`: the points sent with 'Send alligevel'; null when not asked yet.
 */
export function gateSave(
  values: ValidReadingForm,
  device: GuaranteedDevice | undefined,
  history: GuaranteedHistoryList | undefined,
  confirmed: ReadonlySet<number> | null,
): SaveGate {
  const refused = [...registerFieldErrors(values, device, history).keys()];
  if (refused.length > 0) return { kind: 'refused', fields: refused };
  if (confirmed === null && device) {
    const points = findPlausibilityWarnings(values, device, history);
    if (points.length > 0) return { kind: 'warned', points };
  }
  return { kind: 'send', confirmed: confirmed ?? NONE };
}
