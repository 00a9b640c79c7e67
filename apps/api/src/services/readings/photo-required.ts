import { PHOTO_REQUIRED_SETTING } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectAccountSetting } from '../../db/repositories/account-settings.ts';
import type { Database } from '../../db/schema.ts';

/** The account setting `Foto påkrævet` (issue 36) from its stored value: off unless exactly 'true'. */
export const isPhotoRequired = (stored: string | undefined): boolean => stored === 'true';

export async function photoRequiredOf(db: Kysely<Database>, accountId: string): Promise<boolean> {
  return isPhotoRequired(await selectAccountSetting(db, accountId, PHOTO_REQUIRED_SETTING));
}
