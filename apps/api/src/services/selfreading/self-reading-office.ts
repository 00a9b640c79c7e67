import {
  isoDateInCopenhagen,
  type NoAccessMeter,
  periodContaining,
  type SelfReadingOverview,
  type SentInvitations,
  type StatusGateway,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectResidentsOfMeters } from '../../db/repositories/meter-residents.ts';
import { selectFirstReadingDate } from '../../db/repositories/period-readings.ts';
import {
  selectLinksOfPeriod,
  selectRemindedMeters,
  selectSelfReadMeters,
} from '../../db/repositories/self-reading-office.ts';
import type { Database } from '../../db/schema.ts';
import { requestedPeriod, selectablePeriods } from '../administration/period-status.ts';
import { readingPeriodOf, routeStatusIn } from '../readings/reading-status.ts';
import { type InvitationDependencies, inviteResidents } from './invitations.ts';

// The office's `Selvaflæsning` section (issue 35, ADR 043): how self-reading stands for one account
// and period, counted per meter, and the running period's invitations in bulk.

const NO_ACCESS = 'Ingen adgang';

/** The route's meters in the period: those with a point still `Mangler`, and those skipped `Ingen adgang`. */
function metersByStatus(gateways: readonly StatusGateway[]) {
  const all: number[] = [];
  const missing: number[] = [];
  const noAccess: { gatewayName: string; deviceId: number; name: string; serial: string | null }[] = [];
  for (const gateway of gateways) {
    for (const device of gateway.DeviceList) {
      all.push(device.DeviceId);
      const points = device.DeviceItemList;
      if (points.some((point) => point.Status === 'Mangler')) missing.push(device.DeviceId);
      if (points.some((point) => point.SkipReason === NO_ACCESS)) {
        noAccess.push({
          gatewayName: gateway.Name,
          deviceId: device.DeviceId,
          name: device.Name,
          serial: device.Serial,
        });
      }
    }
  }
  return { all, missing, noAccess };
}

/** The account's meters still `Mangler` in the period running now, with their residents' e-mails. */
export async function missingMetersNow(db: Kysely<Database>, accountId: string, now: Date) {
  const today = isoDateInCopenhagen(now);
  const period = periodContaining(today, await readingPeriodOf(db, accountId));
  const { missing } = metersByStatus(await routeStatusIn(db, accountId, period, today));
  const residents = await selectResidentsOfMeters(db, missing);
  return missing.map((deviceId) => ({ deviceId, email: residents.get(deviceId)?.email ?? '' }));
}

/** The section's figures for the period holding `date` (the running one without it). */
export async function selfReadingOverviewOf(
  db: Kysely<Database>,
  accountId: string,
  now: Date,
  date: string | undefined,
): Promise<SelfReadingOverview> {
  const { period, kind, today } = await requestedPeriod(db, accountId, now, date);
  const [gateways, firstReading, links, reminded, selfRead] = await Promise.all([
    routeStatusIn(db, accountId, period, today),
    selectFirstReadingDate(db, accountId),
    selectLinksOfPeriod(db, accountId, period.start),
    selectRemindedMeters(db, accountId, period.start),
    selectSelfReadMeters(db, accountId, period),
  ]);
  const { all, missing, noAccess } = metersByStatus(gateways);
  const residents = await selectResidentsOfMeters(db, [
    ...new Set([...missing, ...noAccess.map((m) => m.deviceId)]),
  ]);
  const emailOf = (deviceId: number) => residents.get(deviceId)?.email ?? '';
  const invitedAt = new Set(links.map((link) => `${link.deviceId} ${link.recipientEmail ?? ''}`));
  const onRoute = new Set(all);
  const countOnRoute = (meters: Iterable<number>) =>
    [...new Set(meters)].filter((id) => onRoute.has(id)).length;

  return {
    period,
    periods: selectablePeriods(today, kind, firstReading),
    current: period.start === periodContaining(today, kind).start,
    counts: {
      Meters: all.length,
      Invited: countOnRoute(links.map((link) => link.deviceId)),
      Answered: countOnRoute(selfRead),
      Reminded: countOnRoute(reminded),
      Missing: missing.length,
    },
    ToInvite: missing.filter((id) => emailOf(id) !== '' && !invitedAt.has(`${id} ${emailOf(id)}`)).length,
    WithoutEmail: missing.filter((id) => emailOf(id) === '').length,
    noAccess: noAccess.map(
      (meter): NoAccessMeter => ({
        DeviceId: meter.deviceId,
        DeviceName: meter.name,
        Serial: meter.serial,
        GatewayName: meter.gatewayName,
        HasEmail: emailOf(meter.deviceId) !== '',
      }),
    ),
  };
}

/** Meters per transaction of `Send invitationer`: a few statements each, short enough that other writers hardly wait. */
const INVITATION_BATCH = 500;

/**
 * `Send invitationer`: invites the resident of every meter still `Mangler` in the running period that
 * has an e-mail and no link to it for the period yet, 500 meters to a transaction (their links and
 * e-mails together, in a few statements). Running it again sends nothing twice.
 */
export async function sendInvitations(
  deps: InvitationDependencies & {
    writeTransaction: <T>(work: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;
  },
  request: { accountId: string; createdBy: string },
): Promise<SentInvitations> {
  const now = deps.clock.now();
  const missing = await missingMetersNow(deps.db, request.accountId, now);
  const period = periodContaining(now, await readingPeriodOf(deps.db, request.accountId));
  const linked = new Set(
    (await selectLinksOfPeriod(deps.db, request.accountId, period.start)).map(
      (link) => `${link.deviceId} ${link.recipientEmail ?? ''}`,
    ),
  );
  const result: SentInvitations = { Sent: 0, AlreadyInvited: 0, WithoutEmail: 0 };
  const toInvite: number[] = [];
  for (const meter of missing) {
    if (meter.email === '') result.WithoutEmail += 1;
    else if (linked.has(`${meter.deviceId} ${meter.email}`)) result.AlreadyInvited += 1;
    else toInvite.push(meter.deviceId);
  }
  for (let start = 0; start < toInvite.length; start += INVITATION_BATCH) {
    const deviceIds = toInvite.slice(start, start + INVITATION_BATCH);
    const outcomes = await deps.writeTransaction((trx) =>
      inviteResidents({ ...deps, db: trx }, { ...request, deviceIds }),
    );
    for (const outcome of outcomes.values()) {
      if (outcome.status === 'invited') result.Sent += 1;
      else if (outcome.status === 'already-invited') result.AlreadyInvited += 1;
      else if (outcome.status === 'no-email') result.WithoutEmail += 1;
    }
  }
  return result;
}
