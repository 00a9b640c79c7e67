import {
  countControlReadingsBefore,
  countReadingsBefore,
  countReplacedEstimatesBefore,
  countSkipsBefore,
  deleteControlReadingsBefore,
  deleteReadingsBefore,
  deleteReplacedEstimatesBefore,
  deleteSkipsBefore,
} from '../../db/repositories/retention.ts';
import type { RetentionRule } from './retention-rule.ts';

/** Readings by the period they belong to; their corrections (`reading_audit`) are deleted with them. */
export const readingsRule: RetentionRule = {
  kind: 'readings',
  countDue: (db, cutoffs) => countReadingsBefore(db, cutoffs.readingsBefore),
  purgeBatch: (db, cutoffs, limit) => deleteReadingsBefore(db, cutoffs.readingsBefore, limit),
};

/** Route skips by the day they were recorded on, which decides their period. */
export const skipsRule: RetentionRule = {
  kind: 'readingSkips',
  countDue: (db, cutoffs) => countSkipsBefore(db, cutoffs.readingsBefore),
  purgeBatch: (db, cutoffs, limit) => deleteSkipsBefore(db, cutoffs.readingsBefore, limit),
};

/** Estimates a real reading replaced, by the day they were estimated for. */
export const replacedEstimatesRule: RetentionRule = {
  kind: 'replacedEstimates',
  countDue: (db, cutoffs) => countReplacedEstimatesBefore(db, cutoffs.readingsBefore),
  purgeBatch: (db, cutoffs, limit) => deleteReplacedEstimatesBefore(db, cutoffs.readingsBefore, limit),
};

/** `Kontrol` readings kept beside the readings (ADR 049), by their date, as the readings are. */
export const controlReadingsRule: RetentionRule = {
  kind: 'controlReadings',
  countDue: (db, cutoffs) => countControlReadingsBefore(db, cutoffs.readingsBefore),
  purgeBatch: (db, cutoffs, limit) => deleteControlReadingsBefore(db, cutoffs.readingsBefore, limit),
};
