import { HistoryList, MeterChangeResponse, type ReadingPayload } from '@maaler/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { DemoMeter, OnePointMeter } from './demo-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** One reading for a named point of a demo meter. */
export function readingOf(
  meter: DemoMeter,
  itemName: string,
  dateRecord: string,
  value: string,
  extra: Partial<ReadingPayload> = {},
): ReadingPayload {
  const deviceItemId = meter.items[itemName];
  if (deviceItemId === undefined) throw new Error(`meter ${meter.deviceId} has no point ${itemName}`);
  return { gatewayId: meter.gatewayId, deviceId: meter.deviceId, deviceItemId, dateRecord, value, ...extra };
}

/** A reading's extra fields when it was kept offline and sent later: its source and when it was entered. */
export const keptOffline = (enteredAt: string) => ({ source: 'offline', enteredAt });

/** One reading for the point of a one-point meter. */
export function onePointReading(
  meter: OnePointMeter,
  dateRecord: string,
  value: string,
  extra: Partial<ReadingPayload> = {},
): ReadingPayload {
  return {
    gatewayId: meter.gatewayId,
    deviceId: meter.id,
    deviceItemId: meter.pointId,
    dateRecord,
    value,
    ...extra,
  };
}

export type AccountWrite = { token: string; accountId: string; payload: object; idempotencyKey?: string };

export const postReadings = (t: TestApp, options: AccountWrite) =>
  postToAccount(t, 'manualregisterdeviceitemdata', options);

/** POST /api/gateway/{route}/{accountId}, with an Idempotency-Key when one is given. */
export function postToAccount(
  t: TestApp,
  route: string,
  options: AccountWrite,
): Promise<LightMyRequestResponse> {
  return t.inject({
    method: 'POST',
    url: `/api/gateway/${route}/${options.accountId}`,
    token: options.token,
    payload: options.payload,
    headers: options.idempotencyKey === undefined ? {} : { 'idempotency-key': options.idempotencyKey },
  });
}

/** POST /api/gateway/loaddeviceitemhistorylist/{accountId} for one meter: answered 200, checked against the contract. */
export async function meterHistory(
  t: TestApp,
  token: string,
  accountId: string,
  meter: { gatewayId: number; deviceId: number },
): Promise<HistoryList> {
  const res = await t.inject({
    method: 'POST',
    url: `/api/gateway/loaddeviceitemhistorylist/${accountId}`,
    token,
    payload: { gatewayId: meter.gatewayId, deviceId: meter.deviceId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return HistoryList.parse(res.json());
}

/** POST /api/gateway/meterchange/{deviceId}/{accountId}: answered 200, checked against the contract. */
export async function changeMeter(
  t: TestApp,
  token: string,
  accountId: string,
  deviceId: number,
  change: object,
): Promise<MeterChangeResponse> {
  const res = await postToAccount(t, `meterchange/${deviceId}`, { token, accountId, payload: change });
  expect(res.statusCode, res.body).toBe(200);
  return MeterChangeResponse.parse(res.json());
}
