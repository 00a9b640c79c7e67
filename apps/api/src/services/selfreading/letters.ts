import { SELF_READING_PATH } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectMeterOnLetter } from '../../db/repositories/self-reading-office.ts';
import type { Database } from '../../db/schema.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { LetterContent } from './letter-pdf.ts';
import { issueSelfReadingLink, type SelfReadingDependencies } from './self-reading-links.ts';
import { missingMetersNow } from './self-reading-office.ts';

// Printed letters for residents without e-mail (ADR 043). A link's token and code are stored only as
// hashes, so every letter carries a link of its own, issued as it is printed; a letter printed again
// is a new link, and the one printed before stays valid until its deadline.

/** Issues a link without a recipient for the meter of the account and answers its letter; 404 otherwise. */
export async function issueLetter(
  deps: SelfReadingDependencies,
  request: { deviceId: number; accountId: string; createdBy: string },
): Promise<LetterContent> {
  const meter = await selectMeterOnLetter(deps.db, request.deviceId);
  if (!meter || meter.retiredAt !== null || meter.accountId !== request.accountId) throw new NotFoundError();
  const issued = await issueSelfReadingLink(deps, { ...request, recipientEmail: null });
  return {
    customerName: meter.customerName,
    locationName: meter.locationName,
    locationAddress: meter.locationAddress,
    meterName: meter.meterName,
    serialNumber: meter.serialNumber,
    deadline: issued.deadline,
    url: issued.url,
    code: issued.code,
    entryUrl: `${deps.publicUrl}${SELF_READING_PATH}`,
  };
}

/**
 * `Udskriv breve`: a letter for every meter still `Mangler` in the running period whose resident has
 * no e-mail, in route order; the links are issued all together in one transaction.
 */
export async function lettersForMissing(
  deps: SelfReadingDependencies & {
    writeTransaction: <T>(work: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;
  },
  request: { accountId: string; createdBy: string },
): Promise<LetterContent[]> {
  const meters = (await missingMetersNow(deps.db, request.accountId, deps.clock.now())).filter(
    (meter) => meter.email === '',
  );
  return deps.writeTransaction(async (trx) => {
    const letters: LetterContent[] = [];
    for (const meter of meters) {
      letters.push(await issueLetter({ ...deps, db: trx }, { ...request, deviceId: meter.deviceId }));
    }
    return letters;
  });
}
