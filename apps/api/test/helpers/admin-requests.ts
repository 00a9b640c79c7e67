import { ImportResult, MeterAdminPage, PeriodStatus, ReviewList } from '@maaler/contract';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** GET /api/admin/periodstatus/{accountId}, checked against the contract. */
export async function periodStatus(
  t: TestApp,
  token: string,
  accountId: string,
  date?: string,
): Promise<PeriodStatus> {
  const query = date === undefined ? '' : `?date=${date}`;
  const res = await t.inject({ method: 'GET', url: `/api/admin/periodstatus/${accountId}${query}`, token });
  if (res.statusCode !== 200) throw new Error(`periodstatus answered ${res.statusCode}: ${res.body}`);
  return PeriodStatus.parse(res.json());
}

/** GET /api/admin/export/{accountId} with the given query string. */
export const exportReadings = (t: TestApp, token: string, accountId: string, query: string) =>
  t.inject({ method: 'GET', url: `/api/admin/export/${accountId}?${query}`, token });

/** GET /api/admin/review/{accountId}, checked against the contract. */
export async function reviewList(t: TestApp, token: string, accountId: string): Promise<ReviewList> {
  const res = await t.inject({ method: 'GET', url: `/api/admin/review/${accountId}`, token });
  if (res.statusCode !== 200) throw new Error(`review answered ${res.statusCode}: ${res.body}`);
  return ReviewList.parse(res.json());
}

export const approve = (t: TestApp, token: string, accountId: string, readingIds: unknown) =>
  t.inject({
    method: 'POST',
    url: `/api/admin/review/approve/${accountId}`,
    token,
    payload: { readingIds },
  });

/** GET /api/admin/meters/{accountId} with the given query string, checked against the contract. */
export async function meterPage(
  t: TestApp,
  token: string,
  accountId: string,
  query = '',
): Promise<MeterAdminPage> {
  const res = await t.inject({ method: 'GET', url: `/api/admin/meters/${accountId}?${query}`, token });
  if (res.statusCode !== 200) throw new Error(`meters answered ${res.statusCode}: ${res.body}`);
  return MeterAdminPage.parse(res.json());
}

/** POST /api/admin/meters/{call}/{ids…}/{accountId}, e.g. `meterWrite(t, token, 'addmeter', [gatewayId], accountId, body)`. */
export const meterWrite = (
  t: TestApp,
  token: string,
  call: string,
  ids: readonly number[],
  accountId: string,
  payload?: object,
) =>
  t.inject({
    method: 'POST',
    url: `/api/admin/meters/${call}/${[...ids, accountId].join('/')}`,
    token,
    ...(payload === undefined ? {} : { payload }),
  });

export const correct = (t: TestApp, token: string, accountId: string, payload: object) =>
  t.inject({ method: 'POST', url: `/api/admin/review/correct/${accountId}`, token, payload });

export type ImportKind = 'meters' | 'readings';
export type ImportMode = 'dry-run' | 'apply';

/** POST /api/admin/import/{accountId}/{kind}?mode={mode}: answered 200, its result checked against the contract. */
export async function postImport(
  t: TestApp,
  token: string,
  accountId: string,
  kind: ImportKind,
  mode: ImportMode,
  payload: object,
): Promise<ImportResult> {
  const res = await t.inject({
    method: 'POST',
    url: `/api/admin/import/${accountId}/${kind}?mode=${mode}`,
    token,
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return ImportResult.parse(res.json());
}

/** POST /api/admin/import/{accountId}/{kind}?mode=apply with the lines as a Danish CSV (BOM, CRLF); expects it applied. */
export async function applyCsvImport(
  t: TestApp,
  token: string,
  accountId: string,
  kind: ImportKind,
  lines: string[],
): Promise<ImportResult> {
  const data = Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`).toString('base64');
  const res = await t.inject({
    method: 'POST',
    url: `/api/admin/import/${accountId}/${kind}?mode=apply`,
    token,
    payload: { format: 'csv', data },
  });
  const result = ImportResult.parse(res.json());
  if (!result.applied || result.errors.length > 0) throw new Error(`import not applied: ${res.body}`);
  return result;
}
