import { periodContaining, type ReadingPeriod } from '@maaler/contract';
import type { Kysely } from 'kysely';
import {
  deleteEstimates,
  type EstimateRow,
  insertReplacedEstimates,
  type ReplacedEstimate,
  selectEstimatesOfPoints,
} from '../../db/repositories/estimates.ts';
import type { ReadingWrite } from '../../db/repositories/readings.ts';
import type { Database } from '../../db/schema.ts';
import { readingPeriodOf } from './reading-status.ts';

/**
 * Removes the estimates (ADR 021) that real readings among `writes` replace: an estimate of a point
 * goes as soon as a reading of any other source is stored for that point in the estimate's reading
 * period (the account's). Each is recorded in `replaced_estimates` with the reading that replaced it.
 * Runs before the writes are stored, so a real reading on the estimate's own date is a new reading,
 * not a correction of the estimate.
 */
export async function replaceEstimates(
  trx: Kysely<Database>,
  writes: readonly ReadingWrite[],
): Promise<void> {
  const real = writes.filter((write) => write.source !== 'estimate');
  if (real.length === 0) return;
  const estimates = await selectEstimatesOfPoints(trx, [...new Set(real.map((write) => write.deviceItemId))]);
  if (estimates.length === 0) return;

  const kinds = new Map<string, ReadingPeriod>();
  for (const accountId of new Set(estimates.map((estimate) => estimate.accountId))) {
    kinds.set(accountId, await readingPeriodOf(trx, accountId));
  }
  const replacing = new Map<number, ReadingWrite>();
  for (const estimate of estimates) {
    const write = replacingWrite(estimate, real, kinds.get(estimate.accountId) ?? 'monthly');
    if (write) replacing.set(estimate.id, write);
  }
  const deleted = await deleteEstimates(trx, [...replacing.keys()]);
  await insertReplacedEstimates(
    trx,
    deleted.flatMap((estimate): ReplacedEstimate[] => {
      const write = replacing.get(estimate.id);
      if (!write) return [];
      return [
        {
          itemId: estimate.itemId,
          dateRecord: estimate.dateRecord,
          value: estimate.value,
          estimatedAt: estimate.registeredAt,
          estimatedBy: estimate.registeredBy,
          replacedAt: write.at,
          replacedBy: write.by,
          replacingDate: write.dateRecord,
          replacingValue: write.value,
          replacingSource: write.source,
        },
      ];
    }),
  );
}

function replacingWrite(
  estimate: EstimateRow,
  real: readonly ReadingWrite[],
  kind: ReadingPeriod,
): ReadingWrite | undefined {
  const period = periodContaining(estimate.dateRecord, kind);
  return real.find(
    (write) =>
      write.deviceItemId === estimate.itemId &&
      write.dateRecord >= period.start &&
      write.dateRecord <= period.end,
  );
}
