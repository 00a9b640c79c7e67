import {
  type CreateEstimatesResponse,
  ESTIMATE_ERRORS,
  type EstimateBasis,
  type EstimateProposal,
  type EstimatesResponse,
  estimateReading,
  toWireValue,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectReadingsWithSource } from '../../db/repositories/estimates.ts';
import { type MeterChangePointRow, selectChangesOfAccount } from '../../db/repositories/meter-changes.ts';
import type { ReadingWrite } from '../../db/repositories/readings.ts';
import type { Database } from '../../db/schema.ts';
import { ReadingRefusedError } from '../../domain/errors.ts';
import { hasReadingIn, routeStatusIn } from '../readings/reading-status.ts';
import { storeReadings } from '../readings/readings.ts';
import { groupBy } from '../shared/group-by.ts';
import { requestedPeriod } from './period-status.ts';

/**
 * A route point without a real reading in the period, with its estimate (`value`, canonical) and
 * whether it has one there already.
 */
type Candidate = { proposal: EstimateProposal; value: string | null; estimated: boolean };

/**
 * The period holding `date` and, for each point of the route (meters in use, read by hand) without a
 * real reading in it, the estimate on the period's last day by the contract's rule, or why there is
 * none. Points already estimated in the period are left out of the answer (ADR 021).
 */
export async function estimateProposals(
  db: Kysely<Database>,
  accountId: string,
  now: Date,
  date: string | undefined,
): Promise<EstimatesResponse> {
  const { period, candidates, ended } = await candidatesOf(db, accountId, now, date);
  return {
    period,
    Ended: ended,
    Points: candidates.filter((candidate) => !candidate.estimated).map((candidate) => candidate.proposal),
  };
}

async function candidatesOf(db: Kysely<Database>, accountId: string, now: Date, date: string | undefined) {
  const { period, today } = await requestedPeriod(db, accountId, now, date);
  const gateways = await routeStatusIn(db, accountId, period, today);
  const route = gateways.flatMap((gateway) =>
    gateway.DeviceList.flatMap((device) =>
      device.DeviceItemList.map((point) => ({ gateway, device, point })),
    ),
  );
  const read = new Map(
    route
      .filter(({ point }) => point.Status === 'Aflæst')
      .map(({ point }) => [point.DeviceItemId, point.Name]),
  );
  const points = route.filter(({ point }) => point.Status !== 'Aflæst');
  const basisOf = await readingHistories(
    db,
    accountId,
    points.map(({ point }) => point.DeviceItemId),
  );
  const candidates = points.map(({ gateway, device, point }): Candidate => {
    const estimate = estimateReading(basisOf(point.DeviceItemId), period.end);
    const last = estimate.rule === null ? null : estimate.last;
    return {
      value: estimate.rule === null ? null : estimate.value,
      estimated: point.LastEstimated === true && hasReadingIn(point, period),
      proposal: {
        GatewayId: gateway.GatewayId,
        GatewayName: gateway.Name,
        DeviceId: device.DeviceId,
        DeviceName: device.Name,
        Serial: device.Serial,
        DeviceItemId: point.DeviceItemId,
        Name: point.Name,
        Unit: point.Unit,
        LastValue: last ? toWireValue(last.value) : null,
        LastDate: last?.date ?? null,
        Value: estimate.rule === null ? null : toWireValue(estimate.value),
        DateRecord: period.end,
        Rule: estimate.rule,
        Reason: estimate.rule === null ? estimate.reason : null,
      },
    };
  });
  return { period, candidates, read, ended: period.end < today };
}

/**
 * Each point's readings as the estimate rule sees them: its own, and across a meter change (ADR 019)
 * the old meter's before the day, the day's row carrying the old meter's final reading.
 */
async function readingHistories(
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

/**
 * Stores the estimates of these points for the period holding `date`, all or nothing, through the
 * readings' write path as `estimate` by the administrator (audited). 406 while the period has not ended,
 * for a point that is not on the account's route, has a real reading in the period by now, or cannot
 * be estimated. A point estimated before is estimated again (the same value when its readings are).
 */
export async function createEstimates(
  trx: Kysely<Database>,
  request: { accountId: string; userId: string; date: string; deviceItemIds: readonly number[]; now: Date },
): Promise<CreateEstimatesResponse> {
  const { period, candidates, read, ended } = await candidatesOf(
    trx,
    request.accountId,
    request.now,
    request.date,
  );
  if (!ended) throw new ReadingRefusedError(ESTIMATE_ERRORS.periodRunning(period.end));
  const byId = new Map(candidates.map((candidate) => [candidate.proposal.DeviceItemId, candidate]));
  const wanted = [...new Set(request.deviceItemIds)];
  const writes: ReadingWrite[] = [];
  const at = request.now.toISOString();
  for (const itemId of wanted) {
    const candidate = byId.get(itemId);
    if (!candidate) {
      const name = read.get(itemId);
      throw new ReadingRefusedError(
        name === undefined ? ESTIMATE_ERRORS.unknownPoint(itemId) : ESTIMATE_ERRORS.alreadyRead(name),
      );
    }
    if (candidate.value === null)
      throw new ReadingRefusedError(ESTIMATE_ERRORS.noEstimate(candidate.proposal.Name));
    writes.push({
      deviceItemId: itemId,
      dateRecord: period.end,
      value: candidate.value,
      at,
      by: request.userId,
      plausibilityOverride: 0,
      reason: 'periodic',
      // No plausibility check is based on an estimate, nor made of one (ADR 021).
      needsReview: 0,
      source: 'estimate',
      enteredAt: null,
    });
  }
  await storeReadings(trx, writes);
  return { Success: true, Message: '', Count: writes.length };
}
