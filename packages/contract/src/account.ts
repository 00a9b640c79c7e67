import { z } from 'zod/mini';
import { MAX_ESTIMATES_IN_A_ROW, MAX_SETTING_KEY_LENGTH, MAX_TEXT_LENGTH } from './constants.ts';
import { CONTROL_CHARACTERS_REFUSED, hasNoControlCharacters } from './fields.ts';
import { Guid } from './ids.ts';
import { MESSAGES } from './messages.ts';
import { ReadingPeriod } from './reading-periods.ts';

/** Item of GET /api/account/loadlistbycurrentuser/v2/9 and /api/account/loadlistbycustomer/{customerId}. */
export const AccountListItem = z.object({ guid: Guid, name: z.string() });
export type AccountListItem = z.infer<typeof AccountListItem>;

export const AccountList = z.array(AccountListItem);
export type AccountList = z.infer<typeof AccountList>;

/** GET /api/account/loadsimple/{accountId}. */
export const AccountDetail = z.object({
  Guid: Guid,
  CustomerId: Guid,
  CompanyName: z.string(),
  CompanyAddress: z.string(),
  CompanyPostal: z.string(),
  CompanyTown: z.string(),
});
export type AccountDetail = z.infer<typeof AccountDetail>;

/** A setting's key is a short identifier, e.g. `lastGateway` or `report.unit`. */
const SETTING_KEY_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** The account setting that holds the account's reading period. */
export const READING_PERIOD_SETTING = 'readingPeriod';

/** The account setting `Foto påkrævet` (issue 36): readers (role 0) must send a photo with each reading. */
export const PHOTO_REQUIRED_SETTING = 'photoRequired';

/**
 * The account setting for how many periods in a row a point may be estimated before the period status
 * says `Skal aflæses af personale` and estimates for it are refused (issue 37); 2 when unset.
 */
export const ESTIMATES_IN_A_ROW_SETTING = 'estimatesInARow';
const isEstimatesInARow = (value: string): boolean =>
  /^[1-9]\d?$/.test(value) && Number(value) <= MAX_ESTIMATES_IN_A_ROW;

/**
 * The account setting for the control rule's tolerance (issue 38, ADR 050): the percentage of the remote
 * value a `Kontrol` reading may differ by, as `0.5` (a dot, at most two decimals, above 0, at most 10);
 * `CONTROL_TOLERANCE_PERCENT` when unset.
 */
export const CONTROL_TOLERANCE_SETTING = 'controlTolerancePercent';
const isControlTolerance = (value: string): boolean =>
  /^\d{1,2}(\.\d{1,2})?$/.test(value) && Number(value) > 0 && Number(value) <= 10;

/** Settings the server itself reads, each with the values it takes. Any other key is free text. */
export const ACCOUNT_SETTINGS = {
  [READING_PERIOD_SETTING]: ReadingPeriod,
  [PHOTO_REQUIRED_SETTING]: z.enum(['true', 'false'], { error: MESSAGES.photoRequiredSettingInvalid }),
  [ESTIMATES_IN_A_ROW_SETTING]: z
    .string({ error: MESSAGES.estimatesInARowInvalid })
    .check(z.refine(isEstimatesInARow, { error: MESSAGES.estimatesInARowInvalid })),
  [CONTROL_TOLERANCE_SETTING]: z
    .string({ error: MESSAGES.controlToleranceInvalid })
    .check(z.refine(isControlTolerance, { error: MESSAGES.controlToleranceInvalid })),
} as const;

const isKnownSetting = (key: string): key is keyof typeof ACCOUNT_SETTINGS =>
  Object.hasOwn(ACCOUNT_SETTINGS, key);

/**
 * The keys the server itself reads (this one list, for every later one too): only administrators
 * write or delete them, and they never count against `MAX_SETTINGS_PER_ACCOUNT`.
 */
export const SERVER_SETTING_KEYS: readonly string[] = Object.keys(ACCOUNT_SETTINGS);
export const isServerSetting = (key: string): boolean => isKnownSetting(key);

const SettingKey = z
  .string({ error: MESSAGES.settingKeyRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: MESSAGES.settingKeyRequired }),
    z.maxLength(MAX_SETTING_KEY_LENGTH, { error: MESSAGES.settingKeyInvalid }),
    z.regex(SETTING_KEY_PATTERN, { error: MESSAGES.settingKeyInvalid }),
  );

/** Body of POST /api/account/settingdelete. */
export const AccountSettingDeleteRequest = z.object({
  accountid: z.uuid({ error: MESSAGES.accountInvalid }),
  key: SettingKey,
});
export type AccountSettingDeleteRequest = z.infer<typeof AccountSettingDeleteRequest>;

/** Body of POST /api/account/settingsave. */
export const AccountSettingRequest = z
  .object({
    accountid: z.uuid({ error: MESSAGES.accountInvalid }),
    key: SettingKey,
    value: z
      .string({ error: MESSAGES.settingValueInvalid })
      .check(
        z.maxLength(MAX_TEXT_LENGTH, { error: MESSAGES.textTooLong }),
        z.refine(hasNoControlCharacters, CONTROL_CHARACTERS_REFUSED),
      ),
  })
  .check((context) => {
    const { key, value } = context.value;
    if (!isKnownSetting(key)) return;
    const result = ACCOUNT_SETTINGS[key].safeParse(value);
    for (const issue of result.error?.issues ?? []) {
      context.issues.push({ code: 'custom', path: ['value'], message: issue.message, input: value });
    }
  });
export type AccountSettingRequest = z.infer<typeof AccountSettingRequest>;
