import type { MoveRequest } from '@maaler/contract';
import type { Kysely } from 'kysely';
import { updateSequence } from '../../db/repositories/metering.ts';
import type { Database } from '../../db/schema.ts';
import { byRouteOrder } from './route-order.ts';

/**
 * Moves one of `siblings` a place up or down. The places are numbered 1, 2, … in the present route
 * order first, so locations or meters that had none (name order) get one; only changed rows are written.
 */
export async function moveInRoute<T extends { id: number; sequence: number | null; name: string }>(
  db: Kysely<Database>,
  table: 'gateways' | 'devices',
  siblings: T[],
  id: number,
  direction: MoveRequest['Direction'],
): Promise<void> {
  const order = siblings.sort(byRouteOrder);
  const from = order.findIndex((s) => s.id === id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= order.length) return;
  const moved = order.splice(from, 1);
  order.splice(to, 0, ...moved);
  for (const [index, sibling] of order.entries()) {
    if (sibling.sequence !== index + 1) await updateSequence(db, table, sibling.id, index + 1);
  }
}
