import type { GatewayTree } from '@maaler/contract';
import { type BaseSyntheticEvent, useCallback, useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { LOCATION_RESTORE_DELAY_MS } from '@/config/constants';
import { showAlert } from '@/lib/alerts';
import { useRefreshGatewayTree } from '../api/get-gateway-tree';
import { useRegisterReadings } from '../api/register-readings';
import { buildReadingPayload } from '../build-reading-payload';
import { newIdempotencyKey } from '../idempotency-key';
import { readingReportMessages as messages } from '../messages';
import type { ReadingFormValues, ValidReadingForm } from '../reading-form-schema';
import { saveErrorText } from '../save-error-text';

type ReadingForm = UseFormReturn<ReadingFormValues, unknown, ValidReadingForm>;

type SaveCallbacks = {
  /** The save failed; everything typed is still there. */
  onFailed: () => void;
  /** The location was chosen again after a save; the meter is next. */
  onLocationRestored: () => void;
};

function hasLocation(gateways: GatewayTree | undefined, gatewayId: string): boolean {
  return gateways === undefined || gateways.some((gateway) => String(gateway.GatewayId) === gatewayId);
}

/**
 * Sends the form's readings (spec §4, §8). One press sends one request, however often the form is
 * submitted meanwhile (double click, Enter and click). After a save the meter and the values are
 * cleared, the gateways are loaded fresh (their last values changed) and the location is chosen
 * again after LOCATION_RESTORE_DELAY_MS. On an error the alert tells why and the values stay.
 */
export function useSaveReadings(form: ReadingForm, { onFailed, onLocationRestored }: SaveCallbacks) {
  const registerReadings = useRegisterReadings();
  const refreshGateways = useRefreshGatewayTree();
  const inFlight = useRef(false);
  const restoreTimer = useRef<number | undefined>(undefined);
  const { reset, setValue, handleSubmit } = form;

  useEffect(() => () => window.clearTimeout(restoreTimer.current), []);

  const restoreLocation = useCallback(
    async (accountId: string, gatewayId: string) => {
      const gateways = await refreshGateways(accountId).catch(() => undefined);
      if (!hasLocation(gateways, gatewayId)) return;
      restoreTimer.current = window.setTimeout(() => {
        setValue('gatewayId', gatewayId, { shouldValidate: true });
        onLocationRestored();
      }, LOCATION_RESTORE_DELAY_MS);
    },
    [refreshGateways, setValue, onLocationRestored],
  );

  const send = async (values: ValidReadingForm) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await registerReadings.mutateAsync({
        accountId: values.accountId,
        readings: buildReadingPayload(values),
        idempotencyKey: newIdempotencyKey(),
      });
    } catch (error) {
      showAlert('danger', saveErrorText(error));
      onFailed();
      return;
    } finally {
      inFlight.current = false;
    }
    reset({ accountId: values.accountId, gatewayId: '', deviceId: '', date: values.date, readings: [] });
    showAlert('success', messages.saved, { autohide: true });
    void restoreLocation(values.accountId, values.gatewayId);
  };

  const submit = (event?: BaseSyntheticEvent) => {
    if (inFlight.current) {
      event?.preventDefault();
      return Promise.resolve();
    }
    return handleSubmit(send)(event);
  };

  return { submit, saving: registerReadings.isPending };
}
