import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * The account's readings joined to their point (`i`), meter (`d`), location (`g`) and the user who
 * registered them (`u`): the one path from a reading to the account that scopes it, for the
 * administration's queries to select from.
 */
export function readingsOfAccount(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('readings as r')
    .innerJoin('device_items as i', 'i.id', 'r.device_item_id')
    .innerJoin('devices as d', 'd.id', 'i.device_id')
    .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
    .innerJoin('users as u', 'u.id', 'r.registered_by')
    .where('g.account_id', '=', accountId);
}

/** The account's meters (`d`) joined to their location (`g`). */
export function metersOfAccount(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('devices as d')
    .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
    .where('g.account_id', '=', accountId);
}

/** The account's measurement points joined to their meter (`d`) and location (`g`). */
export function pointsOfAccount(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('device_items as i')
    .innerJoin('devices as d', 'd.id', 'i.device_id')
    .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
    .where('g.account_id', '=', accountId);
}
