import { ESTIMATES_IN_A_ROW_SETTING, type EstimateBasis } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectAccountSetting } from '../../db/repositories/account-settings.ts';
import { selectReadingsWithSource } from '../../db/repositories/estimates.ts';
import { type MeterChangePointRow, selectChangesOfAccount } from '../../db/repositories/meter-changes.ts';
import type { Database } from '../../db/schema.ts';
import { estimatesInARowIn } from '../readings/account-rules.ts';
import { groupBy } from '../shared/group-by.ts';

/** How many periods in a row the account lets a point be estimated (issue 37); 2 when unset. */
export async function estimatesInARowAllowed(db: Kysely<Database>, accountId: string): Promise<number> {
  return estimatesInARowIn(await selectAccountSetting(db, accountId, ESTIMATES_IN_A_ROW_SETTING));
}

/**
 * Each point's readings as the estimate rule sees them: its own, and across a meter change (ADR 019)
 * the old meter's before the day, the day's row carrying the old meter's final reading.
 */
export async function readingHistories(
  db: Kysely<Database>,
  accountId: string,
  itemIds: readonly number[],
): Promise<(itemId: number) => EstimateBasis[]> {
  const changes = await selectChangesOfAccount(db, accountId);
  const changeInto = new Map<number, MeterChangePointRow>(
    changes.map((change) => [change.newItemId, change]),
  );
  const wanted = new Set<number>();
  for (const itemId of itemIds) {
    for (let id: number | undefined = itemId; id !== undefined && !wanted.has(id); ) {
      wanted.add(id);
      id = changeInto.get(id)?.oldItemId;
    }
  }
  const readings = await selectReadingsWithSource(db, [...wanted]);
  const ofPoint = groupBy(readings, (reading) => reading.itemId);

  const historyOf = (itemId: number, seen: ReadonlySet<number>): EstimateBasis[] => {
    const own: EstimateBasis[] = (ofPoint.get(itemId) ?? []).map(({ date, value, source }) => ({
      date,
      value,
      source,
    }));
    const change = changeInto.get(itemId);
    if (!change || seen.has(change.oldItemId)) return own;
    const earlier = historyOf(change.oldItemId, new Set([...seen, itemId]));
    const final = earlier.find((reading) => reading.date === change.changedOn);
    return [
      ...earlier.filter((reading) => reading.date < change.changedOn),
      ...own.map((reading) =>
        reading.date === change.changedOn && final ? { ...reading, finalValue: final.value } : reading,
      ),
    ];
  };
  return (itemId) => historyOf(itemId, new Set());
}
