import { ImportResult } from '@maaler/contract';
import { httpRequest } from '@maaler/test-support/http-client';
import { type ApiUnderTest, adminOfSoparken } from './api-under-test.ts';
import { importReadings, meterImportLines } from './import-files.ts';
import { measureXlsxDryRun, type XlsxImportFigures } from './xlsx-import-scenario.ts';

/** What one import run measured (ADR 018): milliseconds per call, and the answers' counts. */
export type ImportFigures = {
  kind: ApiUnderTest['kind'];
  readingRows: number;
  meterRows: number;
  fileBytes: number;
  meterApplyMs: number;
  dryRunMs: number;
  applyMs: number;
  reimportDryRunMs: number;
  reimportApplyMs: number;
  reimportChanges: number;
  badFileApplied: boolean;
  badFileMs: number;
  xlsx: XlsxImportFigures;
};

const METERS = 1000;

const base64 = (lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`).toString('base64');

/**
 * The import's goal (issue 18): 10,000 reading rows (1,000 meters × 2 points × 5 dates, CSV), dry run
 * and apply each under 30 s, nothing changed on re-import, nothing stored from a file with one bad row.
 * Through the real server over HTTP, as the administrator of Søparken afdeling 1.
 */
export async function measureImport(api: ApiUnderTest, log: (line: string) => void): Promise<ImportFigures> {
  const baseUrl = api.server.baseUrl;
  const admin = await adminOfSoparken(api);
  const { token, account } = admin;

  const timed = async (kind: string, mode: string, data: string) => {
    const started = performance.now();
    const answer = await httpRequest(baseUrl, {
      method: 'POST',
      path: `/api/admin/import/${account.guid}/${kind}?mode=${mode}`,
      token,
      body: { format: 'csv', data },
      timeoutMs: 300_000,
    });
    const ms = Math.round(performance.now() - started);
    if (answer.status !== 200) throw new Error(`${kind} ${mode} answered ${answer.status}`);
    return { ms, result: ImportResult.parse(answer.body) };
  };

  const meterLines = meterImportLines('Benchvej', 'BENCH', METERS);
  const meters = await timed('meters', 'apply', base64(meterLines));
  if (!meters.result.applied)
    throw new Error(`meter import refused: ${JSON.stringify(meters.result.errors[0])}`);

  const readingLines = ['Serienummer;Målepunkt;Dato;Værdi'];
  for (const { serial, point, date, value } of importReadings('BENCH', METERS, '10'))
    readingLines.push(`${serial};${point};${date};${String(value).replace('.', ',')}`);
  const file = base64(readingLines);
  const dry = await timed('readings', 'dry-run', file);
  const apply = await timed('readings', 'apply', file);
  if (!apply.result.applied || apply.result.created !== readingLines.length - 1) {
    throw new Error(
      `reading import: ${JSON.stringify({ ...apply.result, errors: apply.result.errors.slice(0, 3) })}`,
    );
  }
  const reDry = await timed('readings', 'dry-run', file);
  const reApply = await timed('readings', 'apply', file);

  // The same file with new values and one bad row at the end: refused as a whole.
  const bad = [...readingLines.map((line) => line.replace(/,5$/, ',7')), 'BENCH-0000;Energi;01-10-2026;abc'];
  const badFile = await timed('readings', 'apply', base64(bad));
  const figures: ImportFigures = {
    kind: api.kind,
    readingRows: readingLines.length - 1,
    meterRows: meterLines.length - 1,
    fileBytes: Buffer.byteLength(readingLines.join('\r\n')),
    meterApplyMs: meters.ms,
    dryRunMs: dry.ms,
    applyMs: apply.ms,
    reimportDryRunMs: reDry.ms,
    reimportApplyMs: reApply.ms,
    reimportChanges:
      reDry.result.created + reDry.result.changed + reApply.result.created + reApply.result.changed,
    badFileApplied: badFile.result.applied,
    badFileMs: badFile.ms,
    xlsx: await measureXlsxDryRun(api, admin, log),
  };
  log(
    `  ${figures.readingRows} reading rows: dry run ${figures.dryRunMs} ms, apply ${figures.applyMs} ms, ` +
      `re-import ${figures.reimportDryRunMs}/${figures.reimportApplyMs} ms with ${figures.reimportChanges} changes, ` +
      `bad file ${figures.badFileApplied ? 'APPLIED' : 'refused'} in ${figures.badFileMs} ms ` +
      `(meters: ${figures.meterRows} rows in ${figures.meterApplyMs} ms)`,
  );
  return figures;
}
