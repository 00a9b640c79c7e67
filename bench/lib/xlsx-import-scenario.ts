import { ImportResult } from '@maaler/contract';
import { httpRequest } from '@maaler/test-support/http-client';
import ExcelJS from 'exceljs';
import type { ApiUnderTest } from './api-under-test.ts';
import { importReadings, meterImportLines, readingRowsOf } from './import-files.ts';
import { runLoad } from './run-load.ts';

/** What the .xlsx dry run under read load measured (issue 40, goal 4). */
export type XlsxImportFigures = {
  rows: number;
  fileBytes: number;
  /** Median of the dry runs made while the read load ran. */
  dryRunMs: number;
  dryRuns: number;
  treeReadP99Quiet: number;
  treeReadP99DuringDryRun: number;
};

const METERS = 2000;
const CONNECTIONS = 10;
const LOAD_SECONDS = 10;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** 20,000 reading rows of the meters `measureImport` leaves out, as an Excel workbook with real number and text cells. */
async function readingsWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Aflæsninger');
  sheet.addRow(['Serienummer', 'Målepunkt', 'Dato', 'Værdi']);
  for (const { serial, point, date, value } of importReadings('XLSX', METERS, '09'))
    sheet.addRow([serial, point, date, value]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The import's parse runs in a worker thread (ADR 028): a 20,000-row .xlsx dry run, repeated while
 * 10 connections read the account's tree (autocannon in its own process), against the same read load
 * with nothing else running. Goal: the dry run ≤ 5 s, the tree read's p99 during it ≤ 2× quiet.
 */
export async function measureXlsxDryRun(
  api: ApiUnderTest,
  admin: { token: string; account: { guid: string } },
  log: (line: string) => void,
): Promise<XlsxImportFigures> {
  const baseUrl = api.server.baseUrl;
  const importPath = (kind: string, mode: string) =>
    `/api/admin/import/${admin.account.guid}/${kind}?mode=${mode}`;
  const meterLines = meterImportLines('Regnearksvej', 'XLSX', METERS);
  const meters = await httpRequest(baseUrl, {
    method: 'POST',
    path: importPath('meters', 'apply'),
    token: admin.token,
    body: { format: 'csv', data: Buffer.from(`${meterLines.join('\r\n')}\r\n`).toString('base64') },
    timeoutMs: 300_000,
  });
  if (meters.status !== 200 || !ImportResult.parse(meters.body).applied)
    throw new Error('the xlsx meters were refused');

  const file = await readingsWorkbook();
  const dryRun = async () => {
    const started = performance.now();
    const answer = await httpRequest(baseUrl, {
      method: 'POST',
      path: importPath('readings', 'dry-run'),
      token: admin.token,
      body: { format: 'xlsx', data: file.toString('base64') },
      timeoutMs: 300_000,
    });
    const result = ImportResult.parse(answer.body);
    if (answer.status !== 200 || result.errors.length > 0 || result.created !== readingRowsOf(METERS))
      throw new Error(
        `the xlsx dry run answered ${answer.status}: ${JSON.stringify(result.errors.slice(0, 3))}`,
      );
    return performance.now() - started;
  };
  await dryRun();

  const treeLoad = {
    url: `${baseUrl}/api/gateway/loadlistsimple/${admin.account.guid}`,
    method: 'GET' as const,
    headers: { authorization: `Bearer ${admin.token}` },
    connections: CONNECTIONS,
    durationSeconds: LOAD_SECONDS,
  };
  await runLoad({ ...treeLoad, durationSeconds: 3 });
  const quiet = await runLoad(treeLoad);
  const times: number[] = [];
  let loading = true;
  const during = runLoad(treeLoad).finally(() => {
    loading = false;
  });
  while (loading) times.push(await dryRun());
  const loaded = await during;
  if (quiet.non2xx + loaded.non2xx > 0) throw new Error('a tree read under load failed');

  const figures: XlsxImportFigures = {
    rows: readingRowsOf(METERS),
    fileBytes: file.byteLength,
    dryRunMs: Math.round(median(times)),
    dryRuns: times.length,
    treeReadP99Quiet: quiet.latencyP99,
    treeReadP99DuringDryRun: loaded.latencyP99,
  };
  log(
    `  ${figures.rows} rows as .xlsx (${Math.round(figures.fileBytes / 1024)} kB): dry run ${figures.dryRunMs} ms ` +
      `(median of ${figures.dryRuns}); tree read p99 ${figures.treeReadP99Quiet} ms quiet, ` +
      `${figures.treeReadP99DuringDryRun} ms during the dry runs (${CONNECTIONS} connections)`,
  );
  return figures;
}
