import {
  type AssignReaderRequest,
  METER_READER_ROLE,
  type PeriodRange,
  type ReaderProgress,
  type RouteAssignments,
  type StatusDevice,
  type StatusGateway,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectAccountWithCustomer } from '../../db/repositories/accounts.ts';
import { deviceExistsInAccount } from '../../db/repositories/measurement-points.ts';
import { selectLocationOfAccount } from '../../db/repositories/metering.ts';
import {
  deleteAssignments,
  selectAssignments,
  upsertAssignments,
} from '../../db/repositories/route-assignments.ts';
import { selectUsersOfAccount } from '../../db/repositories/user-lists.ts';
import type { Database } from '../../db/schema.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { routeStatusIn } from '../readings/reading-status.ts';
import { requestedPeriod } from './period-status.ts';

// `Tildel aflæser` (issue 37, ADR 048): parts of the route given to meter readers for one period.

/** Meter readers (role 0) who reach the account: whom a part of its route can be given to. */
async function readersOf(db: Kysely<Database>, accountId: string) {
  const account = await selectAccountWithCustomer(db, accountId);
  if (!account) throw new NotFoundError();
  const users = await selectUsersOfAccount(db, { id: accountId, customerId: account.customer_id });
  return {
    customerId: account.customer_id,
    readers: users
      .filter((user) => user.role === METER_READER_ROLE)
      .map((user) => ({ Id: user.id, Name: user.name })),
  };
}

/** Every point still `Mangler`: a meter nobody has read or skipped yet this period. */
const stillMissing = (meter: StatusDevice): boolean =>
  meter.DeviceItemList.every((point) => point.Status === 'Mangler');

/** The period's assignments, the readers, and per reader the points assigned, read, skipped and missing. */
export async function routeAssignmentsOf(
  db: Kysely<Database>,
  accountId: string,
  now: Date,
  date: string | undefined,
): Promise<RouteAssignments> {
  const { period, today } = await requestedPeriod(db, accountId, now, date);
  const [{ readers }, gateways, assignments] = await Promise.all([
    readersOf(db, accountId),
    routeStatusIn(db, accountId, period, today),
    selectAssignments(db, accountId, period.start),
  ]);
  const readerOf = new Map(assignments.map((row) => [row.deviceId, row]));
  return {
    period: { start: period.start, end: period.end },
    Readers: readers,
    Progress: progressOf(gateways, readerOf),
    Gateways: gateways.map((gateway) => ({
      GatewayId: gateway.GatewayId,
      Name: gateway.Name,
      Meters: gateway.DeviceList.map((meter) => ({
        DeviceId: meter.DeviceId,
        Name: meter.Name,
        ReaderId: readerOf.get(meter.DeviceId)?.readerId ?? null,
        StillMissing: stillMissing(meter),
      })),
    })),
  };
}

/** Each assigned reader's points by status, by name; an estimate is not a reading, so it counts as missing. */
function progressOf(
  gateways: readonly StatusGateway[],
  readerOf: ReadonlyMap<number, { readerId: string; readerName: string }>,
): ReaderProgress[] {
  const progress = new Map<string, ReaderProgress>();
  for (const meter of gateways.flatMap((gateway) => gateway.DeviceList)) {
    const reader = readerOf.get(meter.DeviceId);
    if (!reader) continue;
    const counts = progress.get(reader.readerId) ?? {
      ReaderId: reader.readerId,
      Name: reader.readerName,
      Assigned: 0,
      Read: 0,
      Skipped: 0,
      Missing: 0,
    };
    for (const point of meter.DeviceItemList) {
      counts.Assigned += 1;
      if (point.Status === 'Aflæst') counts.Read += 1;
      else if (point.Status === 'Sprunget over') counts.Skipped += 1;
      else counts.Missing += 1;
    }
    progress.set(reader.readerId, counts);
  }
  return [...progress.values()].sort((a, b) => a.Name.localeCompare(b.Name, 'da'));
}

/** 404 for a location, or a meter at that location, that is not the account's. */
async function requireInAccount(
  db: Kysely<Database>,
  accountId: string,
  request: Pick<AssignReaderRequest, 'GatewayId' | 'DeviceId'>,
): Promise<void> {
  const found =
    request.DeviceId === undefined
      ? (await selectLocationOfAccount(db, accountId, request.GatewayId)) !== undefined
      : await deviceExistsInAccount(db, accountId, request.GatewayId, request.DeviceId);
  if (!found) throw new NotFoundError();
}

export type AssignReader = {
  accountId: string;
  userId: string;
  now: Date;
  request: AssignReaderRequest;
};

/**
 * Gives a location's meters (or one meter) to a reader for the period, or to nobody. A meter nobody
 * has is given whatever its status; a meter another reader has moves only while it is still
 * `Mangler`, so what that reader already read or skipped stays theirs in the progress. 404 for a
 * location, meter or reader outside the account's route and readers.
 */
export async function assignReader(
  trx: Kysely<Database>,
  assign: AssignReader,
): Promise<{ Moved: number; Kept: number; period: PeriodRange }> {
  const { accountId, request } = assign;
  const { period, today } = await requestedPeriod(trx, accountId, assign.now, request.date);
  const [{ customerId, readers }, gateways, assignments] = await Promise.all([
    readersOf(trx, accountId),
    routeStatusIn(trx, accountId, period, today),
    selectAssignments(trx, accountId, period.start),
  ]);
  if (request.ReaderId !== null && !readers.some((reader) => reader.Id === request.ReaderId))
    throw new NotFoundError();
  await requireInAccount(trx, accountId, request);
  // Only meters on the period's route are given: a meter without points or not read by hand has no visit.
  const gateway = gateways.find((candidate) => candidate.GatewayId === request.GatewayId);
  const meters = (gateway?.DeviceList ?? []).filter(
    (meter) => request.DeviceId === undefined || meter.DeviceId === request.DeviceId,
  );

  const current = new Map(assignments.map((row) => [row.deviceId, row.readerId]));
  const moving: StatusDevice[] = [];
  let kept = 0;
  for (const meter of meters) {
    const holder = current.get(meter.DeviceId);
    if (holder === (request.ReaderId ?? undefined)) continue;
    if (holder === undefined || stillMissing(meter)) moving.push(meter);
    else kept += 1;
  }
  const { ReaderId } = request;
  if (ReaderId === null)
    await deleteAssignments(
      trx,
      accountId,
      period.start,
      moving.map((meter) => meter.DeviceId),
    );
  else
    await upsertAssignments(
      trx,
      moving.map((meter) => ({
        customerId,
        accountId,
        periodStart: period.start,
        gatewayId: request.GatewayId,
        deviceId: meter.DeviceId,
        readerId: ReaderId,
        assignedBy: assign.userId,
        assignedAt: assign.now.toISOString(),
      })),
    );
  return { Moved: moving.length, Kept: kept, period };
}
