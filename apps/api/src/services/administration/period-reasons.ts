import type {
  PeriodRange,
  ReadingReason,
  ReadingReasonCount,
  ReasonedReading,
  StatusGateway,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { selectControlReadingsInPeriod } from '../../db/repositories/control-readings.ts';
import { selectReadingsInPeriod } from '../../db/repositories/readings-around-period.ts';
import type { Database } from '../../db/schema.ts';
import { groupBy } from '../shared/group-by.ts';
import { placeOfPoint } from './point-place.ts';

/**
 * The reasons in the period status (issue 37, ADR 049): each point read in the period counts the reason
 * of its reading there (its latest, the one that makes it `Aflæst`), and each `Kontrol` reading of the
 * period, kept beside, counts as `Kontrol`. The readings that are not `Periodisk` are listed in route
 * order, so the office sees which meters had a move, a control or a meter change.
 */
export async function periodReasonsOf(
  db: Kysely<Database>,
  accountId: string,
  period: PeriodRange,
  gateways: readonly StatusGateway[],
): Promise<{ readingReasons: ReadingReasonCount[]; reasonedReadings: ReasonedReading[] }> {
  const [readings, controls] = await Promise.all([
    selectReadingsInPeriod(db, accountId, period),
    selectControlReadingsInPeriod(db, accountId, period),
  ]);
  const latestOf = new Map<number, { dateRecord: string; reason: ReadingReason }>();
  for (const reading of readings) {
    const known = latestOf.get(reading.itemId);
    if (!known || known.dateRecord < reading.dateRecord) latestOf.set(reading.itemId, reading);
  }
  const controlsOf = groupBy(controls, (control) => control.itemId);
  const counts = new Map<ReadingReason, number>();
  const reasonedReadings: ReasonedReading[] = [];
  for (const gateway of gateways) {
    for (const device of gateway.DeviceList) {
      for (const point of device.DeviceItemList) {
        const place = placeOfPoint(gateway, device, point);
        const latest = latestOf.get(point.DeviceItemId);
        const found = [
          ...(point.Status === 'Aflæst' && latest ? [latest] : []),
          ...(controlsOf.get(point.DeviceItemId) ?? []).map((control) => ({
            dateRecord: control.dateRecord,
            reason: 'control' as const,
          })),
        ];
        for (const { dateRecord, reason } of found) {
          counts.set(reason, (counts.get(reason) ?? 0) + 1);
          if (reason !== 'periodic')
            reasonedReadings.push({ ...place, DateRecord: dateRecord, Reason: reason });
        }
      }
    }
  }
  return {
    readingReasons: [...counts].map(([Reason, Count]) => ({ Reason, Count })),
    reasonedReadings,
  };
}
