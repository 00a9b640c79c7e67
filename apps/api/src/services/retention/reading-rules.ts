import { CONTROL_READINGS, READINGS, REPLACED_ESTIMATES, SKIPS } from '../../db/repositories/retention.ts';
import { agedRowsRule } from './aged-rows-rule.ts';

/** Readings by the period they belong to; their corrections (`reading_audit`) are deleted with them. */
export const readingsRule = agedRowsRule('readings', READINGS, (cutoffs) => cutoffs.readingsBefore);

/** Route skips by the day they were recorded on, which decides their period. */
export const skipsRule = agedRowsRule('readingSkips', SKIPS, (cutoffs) => cutoffs.readingsBefore);

/** Estimates a real reading replaced, by the day they were estimated for. */
export const replacedEstimatesRule = agedRowsRule(
  'replacedEstimates',
  REPLACED_ESTIMATES,
  (cutoffs) => cutoffs.readingsBefore,
);

/** `Kontrol` readings kept beside the readings (ADR 049), by their date, as the readings are. */
export const controlReadingsRule = agedRowsRule(
  'controlReadings',
  CONTROL_READINGS,
  (cutoffs) => cutoffs.readingsBefore,
);
