import { z } from 'zod/mini';
import { MAX_TEXT_LENGTH } from './constants.ts';
import { CONTROL_CHARACTERS_REFUSED, hasNoControlCharacters } from './fields.ts';
import { positiveId } from './ids.ts';
import { MESSAGES } from './messages.ts';

export const SKIP_REASONS = ['Ingen adgang', 'Måler defekt', 'Måler ikke fundet', 'Andet'] as const;
/** Why a meter was not read; `Andet` needs a note. */
export const SkipReason = z.enum(SKIP_REASONS, { error: MESSAGES.skipReasonInvalid });
export type SkipReason = z.infer<typeof SkipReason>;

/** Skip reasons that open a task (`Opgave`) for the office by themselves (issue 37, ADR 047). */
export const SKIP_REASONS_OPENING_TASK: readonly SkipReason[] = ['Måler defekt', 'Måler ikke fundet'];

/** The reason that says nothing by itself, so a note must explain it. */
export const SKIP_REASON_NEEDING_NOTE: SkipReason = 'Andet';

/** Body of POST /api/gateway/skipreading/{accountId}: the meter was not read this period. */
export const SkipReadingRequest = z
  .object({
    gatewayId: positiveId(MESSAGES.gatewayInvalid),
    deviceId: positiveId(MESSAGES.deviceInvalid),
    reason: SkipReason,
    /** Trimmed; blank counts as none. */
    note: z.optional(
      z
        .string({ error: MESSAGES.skipNoteInvalid })
        .check(
          z.trim(),
          z.maxLength(MAX_TEXT_LENGTH, { error: MESSAGES.textTooLong }),
          z.refine(hasNoControlCharacters, CONTROL_CHARACTERS_REFUSED),
        ),
    ),
    /** `Kræver opfølgning` (issue 37): the office gets a task for the meter. */
    followUp: z.optional(z.boolean()),
  })
  .check(
    z.refine((body) => body.reason !== SKIP_REASON_NEEDING_NOTE || Boolean(body.note), {
      path: ['note'],
      error: MESSAGES.skipNoteRequired,
    }),
  );
export type SkipReadingRequest = z.infer<typeof SkipReadingRequest>;

export const SkipReadingResponse = z.object({
  Success: z.literal(true),
  Message: z.string(),
  /** When the skip was stored (ISO 8601 in UTC); a replay with the same Idempotency-Key repeats it. */
  SkippedAt: z.iso.datetime(),
  /**
   * An `Ingen adgang` skip of a meter whose resident has an e-mail: the self-reading link went to the
   * resident with this skip (`Link sendt til beboeren`). False otherwise, and for a repeat. Absent in
   * answers stored before it existed, so it defaults to false.
   */
  ResidentLinkSent: z._default(z.boolean(), false),
});
export type SkipReadingResponse = z.infer<typeof SkipReadingResponse>;
