import { SKIP_REASONS } from '@maaler/contract';
import { drawIndex, drawUnit } from './seeded-random.ts';
import type { DeviceRow, GatewayRow } from './tenant-meters.ts';
import { addDays, spanDays, type TenantShape } from './tenant-shape.ts';
import { STREAM } from './tenant-streams.ts';

/** id, account_id, gateway_id, device_id, reason, note, skipped_on, created_by, created_at */
export type SkipTuple = [number, string, number, number, string, string | null, string, string, string];

/** A meter read by hand is skipped in about one month in seventy (no access, a broken meter, ...). */
const SKIPS_PER_METER_MONTH = 1 / 70;

/** Months of the span as [first day, last day], clipped to the span. */
function monthsOf(shape: TenantShape): [string, string][] {
  const first = addDays(shape.until, 1 - spanDays(shape));
  const months: [string, string][] = [];
  let start = first;
  while (start <= shape.until) {
    const [year = 0, month = 1] = start.split('-').map(Number);
    const nextMonth = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
    // The last month ends on --until.
    const [end = shape.until] = [addDays(nextMonth, -1), shape.until].sort();
    months.push([start, end]);
    start = nextMonth;
  }
  return months;
}

/** The account's skipped readings, by its meter reader, on a day of the months they fall in. */
export function skipsOfAccount(
  shape: TenantShape,
  account: { id: string; gateways: readonly GatewayRow[]; devices: readonly DeviceRow[] },
  readerId: string,
  nextId: () => number,
): SkipTuple[] {
  const { seed } = shape;
  const months = monthsOf(shape);
  const skips: SkipTuple[] = [];
  for (const device of account.devices) {
    if (device.manual !== 1) continue;
    months.forEach(([start, end], m) => {
      if (drawUnit(seed, STREAM.skipMonth, device.id, m) >= SKIPS_PER_METER_MONTH) return;
      const days = Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;
      const day = addDays(start, drawIndex(seed, STREAM.skipDay, device.id, days, m));
      const reason =
        SKIP_REASONS[drawIndex(seed, STREAM.skipReason, device.id, SKIP_REASONS.length, m)] ?? 'Andet';
      skips.push([
        nextId(),
        account.id,
        device.gateway_id,
        device.id,
        reason,
        reason === 'Andet' ? 'Beboeren var bortrejst' : null,
        day,
        readerId,
        `${day}T10:00:00.000Z`,
      ]);
    });
  }
  return skips;
}
