import type { GuaranteedDevice, GuaranteedGateway, GuaranteedHistoryList } from '@maaler/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { showAlert } from '@/lib/alerts';
import { readingHistoryAccountKey } from '@/lib/server-data/reading-history-api';
import type { PhotoNoteControl } from '../photo/photo-note-control';
import { focusField } from '../reading-field-ids';
import type { ReadingFormErrors, ValidReadingForm } from '../reading-form-rules';
import type { MeterRef } from '../route-status';
import { afterSave } from '../save/after-save';
import { checkedValues } from '../save/checked-values';
import { saveErrorText } from '../save/save-error-text';
import { gateSave } from '../save/save-gate';
import type { SaveOutcome } from '../save/send-or-keep';
import type { ReadingFormState } from './use-reading-form-state';
import { useRestoreLocation } from './use-restore-location';
import { useSaveOrKeep } from './use-save-or-keep';
import { useShownWarnings } from './use-shown-warnings';

type SaveOptions = {
  /** The chosen meter's history, for the plausibility check. */
  loadHistory: () => Promise<GuaranteedHistoryList | undefined>;
  /** The save failed; everything typed is still there. */
  onFailed: () => void;
  /** The meter's readings of `date` (ISO) were saved or kept on the device; `serverChanged`: saved. */
  onSaved: (meter: MeterRef, date: string, serverChanged: boolean) => void;
  /** The location was chosen again after the save of this meter's readings; a meter is next. */
  onLocationRestored: (saved: MeterRef) => void;
  /**
   * Route mode (ADR 054): the SEND is kept on the device first and the form moves on at once. Asked
   * at the press; `moveOnNow` takes the form to the next meter, false when the route has none.
   */
  routeStep?: { active: () => boolean; moveOnNow: (saved: MeterRef) => boolean };
  /** Plausibility warnings are shown; nothing was sent. */
  onWarned: () => void;
  /** The photo part's handle (issue 36), null until the part has loaded. */
  photoNote?: RefObject<PhotoNoteControl | null>;
};

/**
 * SEND (spec §4, §8), in steps that each stand alone: the form's rules (`checkedValues`), the gate
 * once the history is known (`gateSave`: register refusals, then plausibility warnings until 'Send
 * alligevel' confirms them), the save or, without a connection, the keeping on the device
 * (`useSaveOrKeep`, issue 16), and what the screen does after (`afterSave`). One press sends one
 * request, however often the form is submitted meanwhile (double click, Enter and click). On an
 * error the alert tells why and the values stay.
 */
export function useSaveReadings(
  form: ReadingFormState,
  errors: ReadingFormErrors,
  gateway: GuaranteedGateway | undefined,
  device: GuaranteedDevice | undefined,
  { loadHistory, onFailed, onSaved, onLocationRestored, onWarned, photoNote, routeStep }: SaveOptions,
) {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  // The ref guards against a second press before React renders; the state greys SEND from the press
  // on, also while the plausibility check loads the history before anything is sent.
  const [submitting, setSubmitting] = useState(false);
  const { reset, change, touch, getValues, values: current } = form;
  const warnings = useShownWarnings(current);
  const restoreLocation = useRestoreLocation(change, onLocationRestored);
  const { saveOrKeep, saving } = useSaveOrKeep(gateway, device);

  /** `confirmed`: the points the user chose to send despite a warning; null when not asked yet. */
  const send = async (values: ValidReadingForm, confirmed: ReadonlySet<number> | null) => {
    if (inFlight.current) return;
    if (photoNote?.current && !photoNote.current.ready()) return;
    inFlight.current = true;
    setSubmitting(true);
    let outcome: SaveOutcome;
    const keptFirst = routeStep?.active() ?? false;
    try {
      const gate = gateSave(values, device, device ? await loadHistory() : undefined, confirmed);
      if (gate.kind === 'refused') {
        touch(...gate.fields);
        if (gate.fields[0]) focusField(values, gate.fields[0]);
        return;
      }
      if (gate.kind === 'warned') {
        warnings.show(gate.points, getValues());
        onWarned();
        return;
      }
      outcome = await saveOrKeep(values, gate.confirmed, photoNote?.current?.evidence(), { keptFirst });
    } catch (error) {
      showAlert('danger', saveErrorText(error));
      onFailed();
      return;
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
    saved(values, outcome, keptFirst);
  };

  const saved = (values: ValidReadingForm, outcome: SaveOutcome, keptFirst: boolean) => {
    const next = afterSave(values, outcome);
    warnings.clear();
    photoNote?.current?.clear();
    reset(next.form);
    // Route mode's steps follow one another fast: a refusal shown meanwhile stays (ADR 054).
    showAlert(next.alert.type, next.alert.text, { autohide: true, keepDanger: keptFirst });
    if (next.serverChanged) {
      void queryClient.invalidateQueries({ queryKey: readingHistoryAccountKey(values.accountId) });
    }
    onSaved(next.meter, values.date, next.serverChanged);
    // Route mode goes from meter to meter in one render: no reload of the gateways (the sync brings
    // the news) and no pause before the location comes back (ADR 054).
    if (keptFirst && routeStep?.moveOnNow(next.meter)) return;
    restoreLocation(values.accountId, next.meter, next.serverChanged);
  };

  /** The values to send, or null after focusing the first field with an error. */
  const valuesToSend = (): ValidReadingForm | null => {
    const checked = checkedValues(getValues(), errors);
    if ('values' in checked) return checked.values;
    if (checked.firstError) focusField(getValues(), checked.firstError);
    return null;
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (inFlight.current) return Promise.resolve();
    const values = valuesToSend();
    return values ? send(values, null) : Promise.resolve();
  };

  /** 'Send alligevel': sends the warned values, marking the warned points as confirmed. */
  const sendAnyway = () => {
    if (inFlight.current || warnings.points.length === 0) return Promise.resolve();
    const confirmed = new Set(warnings.points.map((point) => point.deviceItemId));
    const values = valuesToSend();
    return values ? send(values, confirmed) : Promise.resolve();
  };

  return {
    submit,
    sendAnyway,
    warnings: warnings.points,
    /** From the press until the answer: the history check, then the request. */
    submitting,
    /** The readings are being sent. */
    saving,
  };
}
