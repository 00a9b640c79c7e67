import type {
  GuaranteedDevice,
  GuaranteedGateway,
  GuaranteedHistoryList,
  ReadingBatch,
} from '@maaler/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { showAlert } from '@/lib/alerts';
import { newRandomId } from '@/lib/random-id';
import { refreshGatewayTree } from '@/lib/server-data/gateway-tree';
import { readingHistoryAccountKey } from '@/lib/server-data/reading-history-api';
import { isLostAnswer, useRegisterReadings } from '../api/register-readings';
import { readingReportMessages as messages } from '../messages';
import { findPlausibilityWarnings, type PointWarning } from '../plausibility-warnings';
import { queueReadings } from '../queue-readings';
import { focusField } from '../reading-field-ids';
import {
  type ReadingField,
  type ReadingFormErrors,
  toValidReadingForm,
  type ValidReadingForm,
} from '../reading-form-rules';
import { registerFieldErrors } from '../register-refusals';
import type { MeterRef } from '../route-status';
import { buildReadingPayload } from '../save/reading-send-of-form';
import { restoreLocationAfterSave } from '../save/restore-location-after-save';
import { saveErrorText } from '../save/save-error-text';
import type { ReadingFormState } from './use-reading-form-state';

type SaveOptions = {
  /** The chosen meter's history, for the plausibility check. */
  loadHistory: () => Promise<GuaranteedHistoryList | undefined>;
  /** The save failed; everything typed is still there. */
  onFailed: () => void;
  /** The readings of this meter were saved, or kept on the device. */
  /** The meter's readings of `date` (ISO) were saved or kept on the device. */
  onSaved: (meter: MeterRef, date: string) => void;
  /** The location was chosen again after the save of this meter's readings; a meter is next. */
  onLocationRestored: (saved: MeterRef) => void;
  /** Plausibility warnings are shown; nothing was sent. */
  onWarned: () => void;
};

/** The device refused to keep readings (private mode, storage full or switched off). */
class DeviceStorageRefused extends Error {}

/** Warnings for the values as they were when SEND was pressed. */
type ShownWarnings = { points: PointWarning[]; values: string };

/**
 * Sends the form's readings (spec §4, §8). One press sends one request, however often the form is
 * submitted meanwhile (double click, Enter and click). Before sending, every value is checked for
 * plausibility against its point's last reading and history: implausible values are not sent but
 * warned about, until 'Send alligevel' sends them marked as confirmed; any change to the form takes
 * the warnings away. After a save the meter and the values are cleared, the gateways and histories
 * are loaded fresh (their last values changed) and the location is chosen again after
 * LOCATION_RESTORE_DELAY_MS. On an error the alert tells why and the values stay.
 *
 * Without a connection (offline, or no answer after the retries) the readings are kept on the device
 * with the SEND's Idempotency-Key and the form resets as after a save; the device queue sends them
 * when the connection returns (issue 16).
 */
export function useSaveReadings(
  form: ReadingFormState,
  errors: ReadingFormErrors,
  gateway: GuaranteedGateway | undefined,
  device: GuaranteedDevice | undefined,
  { loadHistory, onFailed, onSaved, onLocationRestored, onWarned }: SaveOptions,
) {
  const registerReadings = useRegisterReadings();
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  // The ref guards against a second press before React renders; the state greys SEND from the press
  // on, also while the plausibility check loads the history before anything is sent.
  const [submitting, setSubmitting] = useState(false);
  const cancelRestore = useRef<() => void>(() => {});
  const [warnings, setWarnings] = useState<ShownWarnings | null>(null);
  const { reset, change, touch, getValues, values: current } = form;

  useEffect(() => () => cancelRestore.current(), []);

  useEffect(() => {
    if (warnings !== null && JSON.stringify(current) !== warnings.values) setWarnings(null);
  }, [warnings, current]);

  /** `refresh`: load the gateways' new last values first (not after readings were only kept). */
  const restoreLocation = useCallback(
    (accountId: string, saved: MeterRef, refresh: boolean) => {
      const gatewayId = String(saved.gatewayId);
      cancelRestore.current = restoreLocationAfterSave({
        gatewayId,
        refreshGateways: () => (refresh ? refreshGatewayTree(accountId) : Promise.resolve(undefined)),
        restore: () => {
          change({ gatewayId });
          onLocationRestored(saved);
        },
      });
    },
    [change, onLocationRestored],
  );

  /** `confirmed`: the points the user chose to send despite a warning; null when not asked yet. */
  const send = async (values: ValidReadingForm, confirmed: ReadonlySet<number> | null) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    let outcome: 'saved' | 'kept';
    try {
      const history = device ? await loadHistory() : undefined;
      // The history may have arrived after the values were judged: a refusal (ADR 020) is shown on
      // its field as if judged while typing, and nothing is sent, also not with 'Send alligevel'.
      const refused = [...registerFieldErrors(values, device, history).keys()];
      if (refused.length > 0) {
        touch(...refused);
        if (refused[0]) focusField(values, refused[0]);
        return;
      }
      if (confirmed === null && device) {
        const points = findPlausibilityWarnings(values, device, history);
        if (points.length > 0) {
          setWarnings({ points, values: JSON.stringify(getValues()) });
          onWarned();
          return;
        }
      }
      outcome = await saveOrKeep(values, buildReadingPayload(values, confirmed ?? undefined));
    } catch (error) {
      showAlert(
        'danger',
        error instanceof DeviceStorageRefused ? messages.storageRefused : saveErrorText(error),
      );
      onFailed();
      return;
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
    setWarnings(null);
    reset({ accountId: values.accountId, gatewayId: '', deviceId: '', date: values.date, readings: [] });
    if (outcome === 'saved') {
      showAlert('success', messages.saved, { autohide: true });
      void queryClient.invalidateQueries({ queryKey: readingHistoryAccountKey(values.accountId) });
    } else {
      showAlert('info', messages.keptOnDevice, { autohide: true });
    }
    const saved = { gatewayId: Number(values.gatewayId), deviceId: Number(values.deviceId) };
    onSaved(saved, values.date);
    restoreLocation(values.accountId, saved, outcome === 'saved');
  };

  /** Sends the readings, or keeps them on the device when there is no connection to send them over. */
  const saveOrKeep = async (values: ValidReadingForm, readings: ReadingBatch): Promise<'saved' | 'kept'> => {
    const idempotencyKey = newRandomId();
    const online = navigator.onLine;
    if (online) {
      try {
        await registerReadings.mutateAsync({ accountId: values.accountId, readings, idempotencyKey });
        return 'saved';
      } catch (error) {
        if (!isLostAnswer(error)) throw error;
      }
    }
    if (!gateway || !device) throw new TypeError('The meter of the readings is not loaded');
    await queueReadings({
      accountId: values.accountId,
      gateway,
      device,
      date: values.date,
      readings,
      idempotencyKey,
      enteredOffline: !online,
    }).catch((error: unknown) => {
      console.error('Keeping the readings on the device failed', error);
      throw new DeviceStorageRefused();
    });
    return 'kept';
  };

  /** The values to send, or null after focusing the first field with an error. */
  const checkedValues = (): ValidReadingForm | null => {
    const first = [...errors.keys()].find((field): field is ReadingField => field !== 'readings');
    if (errors.size === 0) return toValidReadingForm(getValues());
    if (first) focusField(getValues(), first);
    return null;
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (inFlight.current) return Promise.resolve();
    const values = checkedValues();
    return values ? send(values, null) : Promise.resolve();
  };

  /** 'Send alligevel': sends the warned values, marking the warned points as confirmed. */
  const sendAnyway = () => {
    if (inFlight.current || warnings === null) return Promise.resolve();
    const confirmed = new Set(warnings.points.map((point) => point.deviceItemId));
    const values = checkedValues();
    return values ? send(values, confirmed) : Promise.resolve();
  };

  return {
    submit,
    sendAnyway,
    warnings: warnings?.points ?? [],
    /** From the press until the answer: the history check, then the request. */
    submitting,
    /** The readings are being sent. */
    saving: registerReadings.isPending,
  };
}
