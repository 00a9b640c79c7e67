import { METER_READER_ROLE, PHOTO_REQUIRED_SETTING, type ReadingSource } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectAccountSetting } from '../../db/repositories/account-settings.ts';
import type { Database } from '../../db/schema.ts';

/** The account setting `Foto påkrævet` (issue 36): off unless exactly 'true'. */
export const isPhotoRequired = (stored: string | undefined): boolean => stored === 'true';

export async function photoRequiredOf(db: Kysely<Database>, accountId: string): Promise<boolean> {
  return isPhotoRequired(await selectAccountSetting(db, accountId, PHOTO_REQUIRED_SETTING));
}

/**
 * Where `Foto påkrævet` applies, by a reading's source (ADR 045, amended 2026-11-28). The setting is
 * the office's evidence rule for its own readers in the field, so it binds only a reader's (role 0)
 * SEND from the form, online or kept offline. The office's import and the CLI are the office itself
 * typing values it already has; an estimate has no meter to photograph, nor has a meter's radio
 * telegram; a resident's self-reading
 * link is offered a photo but never required one, so a resident without a camera can still answer.
 */
const PHOTO_REQUIRED_FOR: Record<ReadingSource, (senderRole: number | undefined) => boolean> = {
  web: (role) => role === METER_READER_ROLE,
  offline: (role) => role === METER_READER_ROLE,
  import: () => false,
  cli: () => false,
  estimate: () => false,
  remote: () => false,
  selfreading: () => false,
};

/** Whether a reading from `source`, sent by a user of `senderRole`, must carry a photo on an account that requires one. */
export function photoRequiredFor(source: ReadingSource, senderRole: number | undefined): boolean {
  return PHOTO_REQUIRED_FOR[source](senderRole);
}
