import { ReadingStatus, type StatusPoint } from '@maaler/contract';
import { type AccountWrite, postToAccount } from './reading-requests.ts';
import type { TestApp } from './test-app.ts';

/** GET /api/gateway/readingstatus/{accountId}, checked against the contract. */
export async function readingStatus(t: TestApp, token: string, accountId: string): Promise<ReadingStatus> {
  const res = await t.inject({ method: 'GET', url: `/api/gateway/readingstatus/${accountId}`, token });
  if (res.statusCode !== 200) throw new Error(`readingstatus answered ${res.statusCode}: ${res.body}`);
  return ReadingStatus.parse(res.json());
}

/** Every point of the route by its id. */
export function pointsOf(status: ReadingStatus): Map<number, StatusPoint> {
  const points = status.gateways.flatMap((g) => g.DeviceList).flatMap((d) => d.DeviceItemList);
  return new Map(points.map((point) => [point.DeviceItemId, point]));
}

export const postSkip = (t: TestApp, options: AccountWrite) => postToAccount(t, 'skipreading', options);
