import { type StatusDevice, type StatusGateway, type StatusPoint, toDanishDate } from '@maaler/contract';
import { routePrintTexts as t } from './route-print-texts.ts';

/**
 * One printed line of the route: a measurement point. The meter's facts stand on its first point's
 * line only, so a meter with several registers reads as one block with a blank per register.
 */
export type RouteSheetRow = {
  /** The meter's place in the route, 1 and up; empty on its further points' lines. */
  order: string;
  location: string;
  meter: string;
  serial: string;
  placement: string;
  access: string;
  /** The point, its last value with unit and the value's date. */
  lastValue: string;
};

/** The location's note, then the meter's, as the reader sees them on the form. */
function noteOf(gateway: StatusGateway, device: StatusDevice, key: 'Access' | 'Placement'): string {
  return [gateway[key], device[key]].filter(Boolean).join(' – ');
}

function lastValueOf(point: StatusPoint): string {
  if (point.LastValue === null) return `${point.Name}: ${t.noReading}`;
  const unit = point.Unit ? ` ${point.Unit}` : '';
  return `${point.Name}: ${point.LastValue}${unit} (${point.LastDateValueFormatted})`;
}

/** The route's lines in route order (the locations, then their meters, as the route status gives them). */
export function routeSheetRows(gateways: readonly StatusGateway[]): RouteSheetRow[] {
  const rows: RouteSheetRow[] = [];
  let order = 0;
  for (const gateway of gateways) {
    for (const device of gateway.DeviceList) {
      order += 1;
      device.DeviceItemList.forEach((point, index) => {
        const first = index === 0;
        rows.push({
          order: first ? String(order) : '',
          location: first ? gateway.Name : '',
          meter: first ? device.Name : '',
          serial: first ? (device.Serial ?? '') : '',
          placement: first ? noteOf(gateway, device, 'Placement') : '',
          access: first ? noteOf(gateway, device, 'Access') : '',
          lastValue: lastValueOf(point),
        });
      });
    }
  }
  return rows;
}

/** The period's days as the sheet's heading prints them. */
export function periodText(period: { start: string; end: string }): string {
  return t.period(toDanishDate(period.start), toDanishDate(period.end));
}
