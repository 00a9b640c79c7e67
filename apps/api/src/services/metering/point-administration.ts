import {
  type AddPointRequest,
  METER_ADMIN_ERRORS,
  type MeterAdminWriteResponse,
  type UpdatePointRequest,
} from '@maaler/contract';
import type { Kysely } from 'kysely';
import { insertPoint, selectPointOfAccount, updatePoint } from '../../db/repositories/metering.ts';
import type { Database } from '../../db/schema.ts';
import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import { requireActiveMeter } from './meter-administration.ts';

// `Målere` (ADR 016): every id is looked up within the route's account, so another account's id is 404.

export async function addPoint(
  db: Kysely<Database>,
  accountId: string,
  meterId: number,
  request: AddPointRequest,
): Promise<MeterAdminWriteResponse> {
  await requireActiveMeter(db, accountId, meterId);
  const id = await insertPoint(db, {
    meterId,
    name: request.Name,
    unit: request.Unit,
    registerDigits: request.RegisterDigits ?? null,
    countsUpOnly: request.CountsUpOnly ?? false,
  });
  return { Id: id };
}

/**
 * Renames a point, changes its unit or declares its register (ADR 020; declaring applies to readings
 * written from then on, stored ones are not judged again). A unit is refused once the point has readings: the stored values
 * would silently be read in the new unit (a real change of unit is a meter change, ADR 019).
 */
export async function changePoint(
  db: Kysely<Database>,
  accountId: string,
  pointId: number,
  request: UpdatePointRequest,
): Promise<MeterAdminWriteResponse> {
  const point = await selectPointOfAccount(db, accountId, pointId);
  if (!point) throw new NotFoundError();
  if (point.retiredAt !== null) throw new ConflictError(METER_ADMIN_ERRORS.meterRetired);
  const unitChanges = request.Unit !== undefined && request.Unit !== point.unit;
  if (unitChanges && point.hasReadings) throw new ConflictError(METER_ADMIN_ERRORS.unitHasReadings);
  await updatePoint(db, pointId, {
    name: request.Name,
    unit: request.Unit,
    registerDigits: request.RegisterDigits,
    countsUpOnly: request.CountsUpOnly,
  });
  return { Id: pointId };
}
