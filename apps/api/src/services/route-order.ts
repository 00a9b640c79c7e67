import { byDanishName } from './danish-order.ts';

type Routed = { sequence: number | null; name: string; id: number | string };

/**
 * The order a meter reader walks: by sequence, lowest first; those without one after all that have
 * one; ties and the rest in Danish name order.
 */
export function byRouteOrder<T extends Routed>(a: T, b: T): number {
  if (a.sequence !== b.sequence) {
    if (a.sequence === null) return 1;
    if (b.sequence === null) return -1;
    return a.sequence - b.sequence;
  }
  return byDanishName(a, b);
}
