import { type GuaranteedGatewayTree, isReadingDateAllowed } from '@maaler/contract';
import { type StoredRegisterForm, sessionKeys } from '@/lib/browser-storage/schema-checked-keys';
import { emptyReadingForm, type ReadingFormValues } from './reading-form-rules';

// What `registerForm` in session storage holds, the home form as last typed, is checked with the other
// session copies (lib/browser-storage/session-copy-schemas.ts, ADR 055), so the form reads it unchecked.

export function saveRegisterForm(values: ReadingFormValues): void {
  sessionKeys.registerForm.set(values);
}

export type RestoreContext = {
  /** The selected account, whose gateways are loaded. */
  accountId: string;
  gateways: GuaranteedGatewayTree;
  todayIso: string;
};

/**
 * The form to show after a page reload: the stored draft as far as it still fits the selected
 * account's gateways (a location, meter or measurement point that is gone is dropped, values are
 * matched by measurement point) and a date that is still allowed. Otherwise an empty form.
 */
export function restoreRegisterForm(
  draft: StoredRegisterForm | null,
  { accountId, gateways, todayIso }: RestoreContext,
): ReadingFormValues {
  const empty = emptyReadingForm(accountId, todayIso);
  if (!draft || draft.accountId !== accountId) return empty;

  const date = isReadingDateAllowed(draft.date, todayIso) ? draft.date : todayIso;
  const gateway = gateways.find((candidate) => String(candidate.GatewayId) === draft.gatewayId);
  if (!gateway) return { ...empty, date };
  const device = gateway.DeviceList.find((candidate) => String(candidate.DeviceId) === draft.deviceId);
  if (!device) return { ...empty, date, gatewayId: draft.gatewayId };

  const typed = new Map(draft.readings.map((reading) => [reading.deviceItemId, reading.value]));
  return {
    accountId,
    gatewayId: draft.gatewayId,
    deviceId: draft.deviceId,
    date,
    readings: device.DeviceItemList.map((item) => ({
      deviceItemId: item.DeviceItemId,
      value: typed.get(item.DeviceItemId) ?? '',
    })),
  };
}

/** The draft in session storage, restored against the loaded gateways. */
export function loadRegisterForm(context: RestoreContext): ReadingFormValues {
  return restoreRegisterForm(sessionKeys.registerForm.get(), context);
}
