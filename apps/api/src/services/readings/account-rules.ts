import {
  ACCOUNT_SETTINGS,
  CONTROL_TOLERANCE_SETTING,
  DEFAULT_ESTIMATES_IN_A_ROW,
  DEFAULT_READING_PERIOD,
  ESTIMATES_IN_A_ROW_SETTING,
  PHOTO_REQUIRED_SETTING,
  READING_PERIOD_SETTING,
  ReadingPeriod,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import { selectAccountSettings } from '../../db/repositories/account-settings.ts';
import type { Database } from '../../db/schema.ts';

// The account settings the server itself reads, each from its stored text with its default, so that
// a caller needing several reads them in one query.

/** The reading period a stored setting names, monthly when it is unset or unknown. */
export const readingPeriodIn = (stored: string | undefined): ReadingPeriod =>
  z.catch(ReadingPeriod, DEFAULT_READING_PERIOD).parse(stored);

/** The account setting `Foto påkrævet` (issue 36): off unless exactly 'true'. */
const isPhotoRequired = (stored: string | undefined): boolean => stored === 'true';

/** How many periods in a row a point may be estimated (issue 37); 2 when unset or invalid. */
export const estimatesInARowIn = (stored: string | undefined): number => {
  const valid = z.safeParse(ACCOUNT_SETTINGS[ESTIMATES_IN_A_ROW_SETTING], stored);
  return valid.success ? Number(valid.data) : DEFAULT_ESTIMATES_IN_A_ROW;
};

/** The control rule's tolerance in percent (issue 38); null when unset or invalid, then the default applies. */
export const controlTolerancePercentIn = (stored: string | undefined): number | null =>
  z.safeParse(ACCOUNT_SETTINGS[CONTROL_TOLERANCE_SETTING], stored).success ? Number(stored) : null;

export type AccountRules = {
  readingPeriod: ReadingPeriod;
  photoRequired: boolean;
  estimatesInARow: number;
  controlTolerancePercent: number | null;
};

/** Every setting the server reads for the account, in one query. */
export async function accountRulesOf(db: Kysely<Database>, accountId: string): Promise<AccountRules> {
  const stored = await selectAccountSettings(db, accountId, [
    READING_PERIOD_SETTING,
    PHOTO_REQUIRED_SETTING,
    ESTIMATES_IN_A_ROW_SETTING,
    CONTROL_TOLERANCE_SETTING,
  ]);
  return {
    readingPeriod: readingPeriodIn(stored.get(READING_PERIOD_SETTING)),
    photoRequired: isPhotoRequired(stored.get(PHOTO_REQUIRED_SETTING)),
    estimatesInARow: estimatesInARowIn(stored.get(ESTIMATES_IN_A_ROW_SETTING)),
    controlTolerancePercent: controlTolerancePercentIn(stored.get(CONTROL_TOLERANCE_SETTING)),
  };
}

/** The account's rules as one write asks for them: read by the first step that needs them, then kept. */
export type RulesWhenAsked = () => Promise<AccountRules>;

/**
 * `accountRulesOf`, read at most once and only when asked: a batch needs them only where `Foto
 * påkrævet` could refuse it or a control reading meets a remote meter, and any other batch keeps the
 * round trips it had.
 */
export function rulesWhenAsked(db: Kysely<Database>, accountId: string): RulesWhenAsked {
  let rules: Promise<AccountRules> | undefined;
  return () => {
    rules ??= accountRulesOf(db, accountId);
    return rules;
  };
}
