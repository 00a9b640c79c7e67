import type {
  AddLocationRequest,
  MeterAdminWriteResponse,
  MoveRequest,
  UpdateLocationRequest,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import {
  insertLocation,
  selectLocationOfAccount,
  selectLocationsOfAccount,
  updateLocation,
} from '../../db/repositories/metering.ts';
import type { Database } from '../../db/schema.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { moveInRoute } from './route-moves.ts';

// `Målere` (ADR 016): every id is looked up within the route's account, so another account's id is 404.

/** The account's location; 404 for any other id. */
export async function requireLocation(db: Kysely<Database>, accountId: string, locationId: number) {
  const location = await selectLocationOfAccount(db, accountId, locationId);
  if (!location) throw new NotFoundError();
  return location;
}

export async function addLocation(
  db: Kysely<Database>,
  accountId: string,
  request: AddLocationRequest,
): Promise<MeterAdminWriteResponse> {
  const id = await insertLocation(db, { accountId, name: request.Name, address: request.Address ?? '' });
  return { Id: id };
}

export async function changeLocation(
  db: Kysely<Database>,
  accountId: string,
  locationId: number,
  request: UpdateLocationRequest,
): Promise<MeterAdminWriteResponse> {
  await requireLocation(db, accountId, locationId);
  await updateLocation(db, locationId, {
    name: request.Name,
    address: request.Address,
    access: request.Access,
    placement: request.Placement,
  });
  return { Id: locationId };
}

export async function moveLocation(
  db: Kysely<Database>,
  accountId: string,
  locationId: number,
  direction: MoveRequest['Direction'],
): Promise<MeterAdminWriteResponse> {
  await requireLocation(db, accountId, locationId);
  await moveInRoute(db, 'gateways', await selectLocationsOfAccount(db, accountId), locationId, direction);
  return { Id: locationId };
}
