import { IMPORT_MESSAGES, isoDateInCopenhagen } from '@maaler/contract';
import type { ImportMeter } from '../../db/repositories/imports.ts';

// A retired meter (ADR 019) takes no readings and no changes, by the form's rule; an import names the
// day it left service: the meter change's date, else the day it was taken out of service.

/** `YYYY-MM-DD` the meter was retired on, or null while it is in service. */
export function retiredOn(meter: ImportMeter): string | null {
  if (meter.retiredAt === null) return null;
  return meter.replacedOn ?? isoDateInCopenhagen(new Date(meter.retiredAt));
}

/** The row error for a reading of a retired meter, or null while the meter is in service. */
export function retiredMeterReadingError(meter: ImportMeter): string | null {
  const day = retiredOn(meter);
  if (day === null) return null;
  return meter.replacedOn !== null
    ? IMPORT_MESSAGES.meterReplaced(day)
    : IMPORT_MESSAGES.meterOutOfService(day);
}
