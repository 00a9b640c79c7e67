import { isValidPassword, MIN_READING_DATE } from '@maaler/contract';

/** What `generate-tenant` makes: one customer with this many of each, readings spread over `years` up to `until`. */
export type TenantShape = {
  seed: number;
  accounts: number;
  locations: number;
  meters: number;
  points: number;
  readings: number;
  years: number;
  /** `YYYY-MM-DD`: the newest reading day. */
  until: string;
  /** Every generated user's password. */
  password: string;
};

/** The large tenant (issue 20 §2). */
export const LARGE_TENANT = {
  accounts: 200,
  meters: 20_000,
  points: 50_000,
  readings: 10_000_000,
  years: 4,
} as const;

export const DEFAULT_PASSWORD = 'skala1234';

const DAY_MS = 86_400_000;

/** The `index`-th of `parts` near-equal shares of `total` (the shares add up to `total`). */
export function shareOf(total: number, parts: number, index: number): number {
  return Math.floor(((index + 1) * total) / parts) - Math.floor((index * total) / parts);
}

/** Days covered by the readings, ending on `until`. */
export function spanDays(shape: Pick<TenantShape, 'years'>): number {
  return Math.max(1, Math.round(shape.years * 365.25));
}

/** `iso` moved by `days` (may be negative). */
export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days since 1970-01-01 of an ISO date. */
export function dayNumber(iso: string): number {
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
}

/** Why the shape cannot be generated, or null when it can. */
export function shapeProblem(shape: TenantShape, today: string): string | null {
  const counts = ['accounts', 'locations', 'meters', 'points'] as const;
  for (const name of counts) {
    if (!Number.isSafeInteger(shape[name]) || shape[name] < 1) return `--${name} must be a whole number ≥ 1`;
  }
  if (!Number.isSafeInteger(shape.readings) || shape.readings < 0)
    return '--readings must be a whole number ≥ 0';
  if (!Number.isSafeInteger(shape.seed) || shape.seed < 0 || shape.seed > 0xffffffff) {
    return '--seed must be a whole number from 0 to 4294967295';
  }
  if (shape.locations < shape.accounts) return 'every account needs a location: --locations ≥ --accounts';
  if (shape.meters < shape.locations) return 'every location needs a meter: --meters ≥ --locations';
  if (shape.points < shape.meters) return 'every meter needs a point: --points ≥ --meters';
  if (!(shape.years > 0 && shape.years <= 20)) return '--years must be more than 0 and at most 20';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(shape.until) || addDays(shape.until, 0) !== shape.until) {
    return '--until must be a date YYYY-MM-DD';
  }
  if (shape.until > today) return '--until must not be after today';
  const first = addDays(shape.until, 1 - spanDays(shape));
  if (first < MIN_READING_DATE)
    return `the readings would start ${first}, before ${MIN_READING_DATE}: fewer --years or a later --until`;
  // At least two days between a point's readings keeps its dates distinct (tenant-readings.ts).
  if (Math.ceil(shape.readings / shape.points) * 2 > spanDays(shape)) {
    return 'more readings per point than every other day of the span: more --points or --years';
  }
  if (!isValidPassword(shape.password)) return '--password needs at least 8 letters, digits or _';
  return null;
}
