import type { GuaranteedAccountList, GuaranteedDeviceItem } from '@maaler/contract';
import type { ReadingFormValues } from './reading-form-rules';

/**
 * The account the form starts with: the selected one when the user still has it, else the first the
 * user has; '' for a user without accounts (spec §4 keeps the form empty then).
 */
export function startingAccountId(accounts: GuaranteedAccountList, selectedId: string | undefined): string {
  return accounts.some((account) => account.guid === selectedId)
    ? (selectedId ?? '')
    : (accounts[0]?.guid ?? '');
}

/** A chosen meter's values: one empty value per measurement point, in the meter's order. */
export function emptyReadingsFor(points: readonly GuaranteedDeviceItem[]): ReadingFormValues['readings'] {
  return points.map((point) => ({ deviceItemId: point.DeviceItemId, value: '' }));
}
