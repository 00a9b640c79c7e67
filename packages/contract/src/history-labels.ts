import type { READING_REASONS, READING_SOURCES } from './constants.ts';

// Texts of the history, its CSV and the billing export. Kept apart from messages.ts, which the sign-in
// screen loads: these belong to screens after it.

/** How a meter change is shown: the history's marked row, its CSV and the billing export (ADR 019). */
export const METER_CHANGE_TEXTS = {
  label: 'Målerskift',
  finalReading: 'Slutaflæsning',
  startReading: 'Startaflæsning',
  serials: (oldSerial: string, newSerial: string): string =>
    `${oldSerial || 'uden serienummer'} → ${newSerial}`,
  /** One cell: `Målerskift A → B; Slutaflæsning 1150,5` (values in comma form). */
  summary: (oldSerial: string, newSerial: string, finalValue: string): string =>
    `Målerskift ${oldSerial || 'uden serienummer'} → ${newSerial}; Slutaflæsning ${finalValue}`,
} as const;

/**
 * Who registered or corrected a reading, as a customer user (role 2) sees it when it was a member of
 * staff (issue 33 §7): staff names never reach a resident.
 */
export const STAFF_LABEL = 'Personale';

/** Who registered a reading that arrived by a self-reading link (ADR 039): the resident, unnamed. */
export const RESIDENT_LABEL = 'Beboer';

/** A reading's source as users read it: in the history and in the exports. */
export const READING_SOURCE_LABELS = {
  web: 'Web',
  offline: 'Offline',
  import: 'Import',
  cli: 'CLI',
  estimate: 'Estimeret',
  selfreading: 'Selvaflæsning',
  remote: 'Fjernaflæst',
} as const satisfies Record<(typeof READING_SOURCES)[number], string>;

/** A reading's reason as users read it (issue 37, ADR 046): the form's choice, the history, the exports. */
export const READING_REASON_LABELS = {
  periodic: 'Periodisk',
  control: 'Kontrol',
  'move-out': 'Fraflytning',
  'move-in': 'Indflytning',
  'meter-change': 'Målerskift',
} as const satisfies Record<(typeof READING_REASONS)[number], string>;

/** The mark of a reading after which the register went round (ADR 046): history and exports. */
export const ROLLOVER_LABEL = 'Omløb';
