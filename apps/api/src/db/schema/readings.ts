import type { ReadingReason, ReadingSource } from '@maaler/contract';
import type { Generated } from 'kysely';
import type { NullUntilSet, WithDefault } from './column-types.ts';

/** Readings, their audit trail, replaced estimates, route skips and the keys that make writes idempotent. */

export interface ReadingsTable {
  id: Generated<number>;
  device_item_id: number;
  /** ISO calendar date YYYY-MM-DD. */
  date_record: string;
  /** Canonical decimal text with a dot ("1234.5"): exactly what the user typed, never a float. */
  value: string;
  registered_at: string;
  registered_by: string;
  plausibility_override: number;
  /**
   * 1: on `Til kontrol`: the contract's plausibility rule warned about the value when the server
   * wrote it (issue 32), whatever the client sent.
   */
  needs_review: WithDefault<number>;
  /** Who marked a reading to review (`needs_review` 1) `Godkendt`; null until then, and again after a change of value. */
  approved_by: NullUntilSet<string>;
  approved_at: NullUntilSet<string>;
  /** `web`, `offline`, `import`, `cli` or `estimate` (ADR 017); of the current value. */
  source: WithDefault<ReadingSource>;
  /** ISO 8601 in UTC: when an `offline` reading was entered on the device; null for the others. */
  entered_at: NullUntilSet<string>;
  /** Why it was taken (issue 37, ADR 046): `periodic` unless the client or the meter change said. */
  reason: WithDefault<ReadingReason>;
}

/**
 * A `Kontrol` reading (issue 37, ADR 049): kept beside the period's reading in `readings`, never
 * counted as it, one per point and date (a new value for the same day replaces it).
 */
export interface ControlReadingsTable {
  id: Generated<number>;
  device_item_id: number;
  /** ISO calendar date YYYY-MM-DD. */
  date_record: string;
  /** Canonical decimal text, as in `readings`. */
  value: string;
  registered_at: string;
  registered_by: string;
  source: ReadingSource;
  entered_at: NullUntilSet<string>;
  /** 1: deviates from the remote value of its day, so it is on `Til kontrol` (ADR 050). */
  needs_review: Generated<number>;
  /** The remote value of its day it was compared with (decimal text); null when not compared. */
  remote_value: NullUntilSet<string>;
  /** The office's `Godkend` of a deviating control. */
  reviewed_by: NullUntilSet<string>;
  reviewed_at: NullUntilSet<string>;
}

export interface ReadingAuditTable {
  id: Generated<number>;
  reading_id: number;
  /** null when the change created the reading. */
  old_value: string | null;
  new_value: string;
  changed_at: string;
  changed_by: string;
  plausibility_override: number;
  /** The source of the value this change wrote, so a replaced reading's earlier source stays known. */
  source: WithDefault<ReadingSource>;
  entered_at: NullUntilSet<string>;
  /** The reason of the value this change wrote. */
  reason: WithDefault<ReadingReason>;
}

/**
 * An estimate (`Estimeret`, ADR 021) that a real reading of its period replaced: the estimate's row is
 * deleted from `readings`, so this is its trail, never shown as a correction.
 */
export interface ReplacedEstimatesTable {
  id: Generated<number>;
  device_item_id: number;
  date_record: string;
  value: string;
  estimated_at: string;
  estimated_by: string;
  replaced_at: string;
  replaced_by: string;
  /** The real reading that replaced it: its date, value and source. */
  replacing_date: string;
  replacing_value: string;
  replacing_source: ReadingSource;
}

/** A meter not read in a period, and why; never changed, so the rows are their own audit trail. */
export interface ReadingSkipsTable {
  id: Generated<number>;
  account_id: string;
  gateway_id: number;
  device_id: number;
  /** Ingen adgang | Måler defekt | Måler ikke fundet | Andet */
  reason: string;
  note: string | null;
  /**
   * The calendar day in Copenhagen it was recorded on, `YYYY-MM-DD`: what decides its reading period.
   * One skip per meter, reason, note, user and day (reading_skips_once_a_day_idx).
   */
  skipped_on: string;
  created_by: string;
  created_at: string;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  status_code: number;
  response_body: string;
  created_at: string;
}
