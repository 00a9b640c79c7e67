import { z } from 'zod/mini';
import { LabelledPeriod } from './administration.ts';
import { PositiveId } from './ids.ts';

// The office's `Selvaflæsning` section (issue 35, ADR 043): per account and period, how the
// self-reading stands, invitations in bulk and printed letters. Own file, so only the section loads it.

const Count = z.int().check(z.nonnegative());

/** Meters, not points: a meter counts once whichever of its points is missing. */
export const SelfReadingCounts = z.object({
  /** Meters on the account's route in the period. */
  Meters: Count,
  /** Meters with at least one self-reading link issued for the period. */
  Invited: Count,
  /** Meters with a self-read value in the period. */
  Answered: Count,
  /** Meters whose link for the period has had at least one reminder. */
  Reminded: Count,
  /** Meters still `Mangler` in the period. */
  Missing: Count,
});
export type SelfReadingCounts = z.infer<typeof SelfReadingCounts>;

/** A meter skipped with `Ingen adgang` in the period: the office may print its card. */
export const NoAccessMeter = z.object({
  DeviceId: PositiveId,
  DeviceName: z.string(),
  Serial: z.nullable(z.string()),
  GatewayName: z.string(),
  /** Whether its resident has an e-mail (then the invitation goes by e-mail instead). */
  HasEmail: z.boolean(),
});
export type NoAccessMeter = z.infer<typeof NoAccessMeter>;

/** Answer of GET /api/admin/selfreading/{accountId}?date=. */
export const SelfReadingOverview = z.object({
  period: LabelledPeriod,
  periods: z.array(LabelledPeriod),
  /** Whether the period runs now: invitations and letters are only for the running period. */
  current: z.boolean(),
  counts: SelfReadingCounts,
  /** Missing meters whose resident has an e-mail and no invitation yet: what `Send invitationer` sends. */
  ToInvite: Count,
  /** Missing meters without a resident e-mail: the pages of `Udskriv breve`. */
  WithoutEmail: Count,
  noAccess: z.array(NoAccessMeter),
});
export type SelfReadingOverview = z.infer<typeof SelfReadingOverview>;

/** Answer of POST /api/admin/selfreading/invitations/{accountId}. */
export const SentInvitations = z.object({
  /** Invitations written to the outbox now. */
  Sent: Count,
  /** Missing meters whose resident was invited for the period before. */
  AlreadyInvited: Count,
  /** Missing meters without a resident e-mail (they need a letter). */
  WithoutEmail: Count,
});
export type SentInvitations = z.infer<typeof SentInvitations>;
