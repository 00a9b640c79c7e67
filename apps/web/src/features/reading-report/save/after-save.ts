import type { AlertType } from '@/lib/alerts';
import { readingReportMessages as messages } from '../messages';
import type { ReadingFormValues, ValidReadingForm } from '../reading-form-rules';
import type { MeterRef } from '../route-status';
import type { SaveOutcome } from './send-or-keep';

export type AfterSave = {
  /** The form for the next meter: the account and date stay, the meter and its values go. */
  form: ReadingFormValues;
  alert: { type: AlertType; text: string };
  /** The meter whose readings of the date were saved or kept. */
  meter: MeterRef;
  /** The server has the readings: its history and last values are new (not so when only kept). */
  serverChanged: boolean;
};

/** What the screen does after a SEND was saved or kept (spec §4; kept: issue 16). */
export function afterSave(values: ValidReadingForm, outcome: SaveOutcome): AfterSave {
  const saved = outcome === 'saved';
  return {
    form: { accountId: values.accountId, gatewayId: '', deviceId: '', date: values.date, readings: [] },
    alert: saved ? { type: 'success', text: messages.saved } : { type: 'info', text: messages.keptOnDevice },
    meter: { gatewayId: Number(values.gatewayId), deviceId: Number(values.deviceId) },
    serverChanged: saved,
  };
}
