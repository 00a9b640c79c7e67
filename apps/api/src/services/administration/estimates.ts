import {
  type CreateEstimatesResponse,
  ESTIMATE_ERRORS,
  ESTIMATE_TEXTS,
  type Estimate,
  type EstimateProposal,
  type EstimatesResponse,
  estimateReading,
  estimatesInARow,
  toWireValue,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import type { ReadingWrite } from '../../db/repositories/readings.ts';
import type { Database } from '../../db/schema.ts';
import { ReadingRefusedError } from '../../domain/errors.ts';
import { hasReadingIn, routeStatusIn } from '../readings/reading-status.ts';
import { storeReadings } from '../readings/readings.ts';
import { estimatesInARowAllowed, readingHistories } from './estimate-basis.ts';
import { requestedPeriod } from './period-status.ts';
import { placeOfPoint } from './point-place.ts';

/**
 * A route point without a real reading in the period, with its estimate (`value`, canonical) and
 * whether it has one there already.
 */
type Candidate = {
  proposal: EstimateProposal;
  value: string | null;
  estimated: boolean;
  /** Periods estimated in a row before this one, when that is as many as the account allows. */
  staffReadingNeeded: number | null;
};

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
  const [basisOf, allowed] = await Promise.all([
    readingHistories(
      db,
      accountId,
      points.map(({ point }) => point.DeviceItemId),
    ),
    estimatesInARowAllowed(db, accountId),
  ]);
  const candidates = points.map(({ gateway, device, point }): Candidate => {
    const basis = basisOf(point.DeviceItemId);
    const inARow = estimatesInARow(basis, period.start);
    const capped = inARow >= allowed;
    const estimate: Estimate = capped
      ? { rule: null, reason: ESTIMATE_TEXTS.staffReadingNeeded }
      : estimateReading(basis, period.end);
    const last = estimate.rule === null ? null : estimate.last;
    return {
      value: estimate.rule === null ? null : estimate.value,
      estimated: point.LastEstimated === true && hasReadingIn(point, period),
      staffReadingNeeded: capped ? inARow : null,
      proposal: {
        GatewayId: gateway.GatewayId,
        ...placeOfPoint(gateway, device, point),
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
    if (candidate.staffReadingNeeded !== null)
      throw new ReadingRefusedError(
        ESTIMATE_ERRORS.staffReadingNeeded(candidate.proposal.Name, candidate.staffReadingNeeded),
      );
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
