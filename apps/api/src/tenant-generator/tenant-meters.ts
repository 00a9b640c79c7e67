import { drawIndex, drawUnit } from './seeded-random.ts';
import { shareOf, type TenantShape } from './tenant-shape.ts';
import { STREAM } from './tenant-streams.ts';

const STREETS = ['Birkevej', 'Egevej', 'Bøgevej', 'Askevej', 'Lindevej', 'Pilevej', 'Elmevej', 'Rønnevej'];

type MeterType = 'heat' | 'water' | 'electricity' | 'gas' | 'other';
type PointKind = { name: string; unit: string };

/** The points a meter of each type has, by how many it has; 'other' counts whatever it counts. */
const POINTS_OF: Record<Exclude<MeterType, 'other'>, PointKind[][]> = {
  water: [
    [{ name: 'Volumen', unit: 'm³' }],
    [
      { name: 'Koldt vand', unit: 'm³' },
      { name: 'Varmt vand', unit: 'm³' },
    ],
  ],
  electricity: [
    [{ name: 'Forbrug', unit: 'kWh' }],
    [
      { name: 'Dag', unit: 'kWh' },
      { name: 'Nat', unit: 'kWh' },
    ],
  ],
  gas: [[{ name: 'Volumen', unit: 'm³' }]],
  heat: [
    [{ name: 'Energi', unit: 'kWh' }],
    [
      { name: 'Energi', unit: 'kWh' },
      { name: 'Volumen', unit: 'm³' },
    ],
    [
      { name: 'Energi', unit: 'kWh' },
      { name: 'Volumen', unit: 'm³' },
      { name: 'Timer', unit: 'h' },
    ],
  ],
};

const METER_NAME: Record<MeterType, string> = {
  heat: 'Varmemåler',
  water: 'Vandmåler',
  electricity: 'Elmåler',
  gas: 'Gasmåler',
  other: 'Bimåler',
};

/** Types that have a meter with `n` points, each with its share of such meters in a hundred. */
function typesWith(n: number): [MeterType, number][] {
  if (n === 1)
    return [
      ['water', 50],
      ['electricity', 30],
      ['gas', 10],
      ['heat', 10],
    ];
  if (n === 2)
    return [
      ['water', 50],
      ['electricity', 40],
      ['heat', 10],
    ];
  if (n === 3) return [['heat', 100]];
  return [['other', 100]];
}

function pointsOf(type: MeterType, n: number): PointKind[] {
  if (type === 'other')
    return Array.from({ length: n }, (_, i) => ({ name: `Tæller ${i + 1}`, unit: 'stk' }));
  const kinds = POINTS_OF[type][n - 1];
  if (!kinds) throw new Error(`no ${type} meter has ${n} points`);
  return kinds;
}

/** Consumption per day by unit: the lower bound and the spread above it. */
const DAILY: Record<string, [number, number]> = {
  'm³': [0.05, 0.55],
  kWh: [3, 22],
  h: [24, 0],
  stk: [1, 9],
};

export type GatewayRow = {
  id: number;
  account_id: string;
  name: string;
  address: string;
  sequence: number | null;
};
export type DeviceRow = {
  id: number;
  gateway_id: number;
  name: string;
  type: MeterType;
  manual: number;
  serial_number: string;
  sequence: number | null;
};
export type ItemRow = {
  id: number;
  device_id: number;
  name: string;
  unit: string;
  register_digits: number | null;
  counts_up_only: number;
};

/** How a point's register moves: its value on day `d` is `base` plus `rate` per day, more in winter by `season`. */
export type PointModel = { itemId: number; accountIndex: number; base: number; rate: number; season: number };

export type AccountMeters = {
  gateways: GatewayRow[];
  devices: DeviceRow[];
  items: ItemRow[];
  points: PointModel[];
};

/** Where the global counters stand before an account: ids are given here, so rows and readings can refer to them. */
export type MeterCursor = { location: number; meter: number; point: number };

/**
 * One account's locations, meters and points. Locations are shared out over the accounts, meters over
 * the locations and points over the meters (near-equal shares), so the totals are exact and an
 * account's shape depends only on the ratios; the first account is the same in any tenant with the
 * same ratios.
 */
export function metersOfAccount(
  shape: TenantShape,
  accountIndex: number,
  accountId: string,
  cursor: MeterCursor,
): AccountMeters {
  const { seed } = shape;
  const gateways: GatewayRow[] = [];
  const devices: DeviceRow[] = [];
  const items: ItemRow[] = [];
  const points: PointModel[] = [];
  const street = STREETS[drawIndex(seed, STREAM.locationStreet, accountIndex, STREETS.length)] ?? 'Skalavej';
  const locationCount = shareOf(shape.locations, shape.accounts, accountIndex);
  let meterInAccount = 0;
  for (let l = 0; l < locationCount; l++) {
    const gatewayId = ++cursor.location;
    const name = `${street} ${l + 1}`;
    gateways.push({
      id: gatewayId,
      account_id: accountId,
      name,
      address: `${name}, 8000 Aarhus C`,
      // Four in five locations have a place in the route; the others follow by name.
      sequence: routePlace(seed, STREAM.locationRoute, gatewayId),
    });
    const meterCount = shareOf(shape.meters, shape.locations, gatewayId - 1);
    for (let m = 0; m < meterCount; m++) {
      const deviceId = ++cursor.meter;
      meterInAccount++;
      const pointCount = shareOf(shape.points, shape.meters, deviceId - 1);
      const type = pickType(typesWith(pointCount), drawUnit(seed, STREAM.meterType, deviceId));
      devices.push({
        id: deviceId,
        gateway_id: gatewayId,
        name: `${METER_NAME[type]} lejl. ${m + 1}`,
        type,
        manual: drawUnit(seed, STREAM.meterManual, deviceId) < 0.92 ? 1 : 0,
        serial_number: `S${String(accountIndex + 1).padStart(3, '0')}-${String(meterInAccount).padStart(5, '0')}`,
        sequence: routePlace(seed, STREAM.meterRoute, deviceId),
      });
      for (const kind of pointsOf(type, pointCount)) {
        const itemId = ++cursor.point;
        const [low, spread] = DAILY[kind.unit] ?? [1, 1];
        items.push({
          id: itemId,
          device_id: deviceId,
          name: kind.name,
          unit: kind.unit,
          register_digits: drawUnit(seed, STREAM.pointDigits, itemId) < 0.3 ? 8 : null,
          counts_up_only: drawUnit(seed, STREAM.pointCountsUp, itemId) < 0.4 ? 1 : 0,
        });
        points.push({
          itemId,
          accountIndex,
          base: 1000 + Math.floor(drawUnit(seed, STREAM.pointBase, itemId) * 99_000),
          rate: low + spread * drawUnit(seed, STREAM.pointRate, itemId),
          season: kind.unit === 'h' ? 0 : 0.5 * drawUnit(seed, STREAM.pointSeason, itemId),
        });
      }
    }
  }
  return { gateways, devices, items, points };
}

function routePlace(seed: number, stream: number, id: number): number | null {
  const draw = drawUnit(seed, stream, id);
  return draw < 0.8 ? 1 + Math.floor(draw * 1000) : null;
}

function pickType(choices: [MeterType, number][], draw: number): MeterType {
  let left = draw * 100;
  for (const [type, share] of choices) {
    if (left < share) return type;
    left -= share;
  }
  return choices[choices.length - 1]?.[0] ?? 'other';
}
