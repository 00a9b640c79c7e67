import { IMPORT_MESSAGES, MAX_IMPORT_ROWS, MAX_IMPORT_ZIP_ENTRIES } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { readCsvLines } from '../../../src/services/imports/csv-lines.ts';
import type { Line } from '../../../src/services/imports/file-lines.ts';
import { parseImportFile } from '../../../src/services/imports/import-files.ts';
import { readXlsxLines } from '../../../src/services/imports/xlsx-lines.ts';
import { readXlsxParts } from '../../../src/services/imports/xlsx-parts.ts';
import {
  xlsxBomb,
  xlsxBombWithLyingSizes,
  xlsxOfManyEntries,
  xlsxOfOneCellRows,
} from '../../helpers/hostile-import-files.ts';

// Reading import files line by line with caps (issue 32 item 1, ADR 028); the worker and the server
// around it are shown in test/hardening/import-stall.test.ts.

const HEADING = 'Serienummer;Målepunkt;Dato;Værdi';
const csvOfRows = (rows: number) =>
  Buffer.from(
    [HEADING, ...Array.from({ length: rows }, (_, row) => `S-${row};Volumen;01-11-2026;1`)].join('\n'),
  );

/** Every line a reader hands on until the sink stops it after `stopAfter` lines. */
async function linesUntil(read: (sink: (line: Line) => 'more' | 'stop') => unknown, stopAfter: number) {
  const seen: number[] = [];
  await read((line) => {
    seen.push(line.number);
    return seen.length === stopAfter ? 'stop' : 'more';
  });
  return seen;
}

/** Generating files of 100,000 rows or 100 MB takes tens of seconds on a loaded 2-core machine. */
const SLOW = { timeout: 120_000 };

describe('the row cap while reading', SLOW, () => {
  it(`accepts ${MAX_IMPORT_ROWS} data rows and refuses one more, in CSV and .xlsx`, async () => {
    expect((await parseImportFile('readings', 'csv', csvOfRows(MAX_IMPORT_ROWS))).rows).toHaveLength(
      MAX_IMPORT_ROWS,
    );
    for (const [format, bytes] of [
      ['csv', csvOfRows(MAX_IMPORT_ROWS + 1)],
      ['xlsx', xlsxOfOneCellRows(MAX_IMPORT_ROWS + 1)],
    ] as const) {
      expect(await parseImportFile('readings', format, bytes)).toEqual({
        rows: [],
        errors: [{ line: 1, column: null, message: IMPORT_MESSAGES.tooManyRows }],
      });
    }
  });

  it('stops the CSV and .xlsx readers at the line the caller stops at, in a file five times the cap', async () => {
    const stopAt = MAX_IMPORT_ROWS + 2; // the heading and one row over the cap
    const csv = csvOfRows(5 * MAX_IMPORT_ROWS);
    expect(await linesUntil((sink) => readCsvLines(csv, sink), stopAt)).toHaveLength(stopAt);
    const xlsx = xlsxOfOneCellRows(5 * MAX_IMPORT_ROWS);
    const seen = await linesUntil((sink) => readXlsxLines(xlsx, sink), stopAt);
    expect(seen).toHaveLength(stopAt);
    expect(seen.at(-1)).toBe(stopAt);
  });
});

describe('the .xlsx zip directory check', SLOW, () => {
  it('refuses a file that unpacks past the cap by its directory, before inflating anything', async () => {
    const bomb = await xlsxBomb(100);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    expect(await readXlsxParts(bomb)).toEqual({ kind: 'refused', message: IMPORT_MESSAGES.unzippedTooLarge });
    // Inflating 100 MB takes seconds; reading the directory takes milliseconds.
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('stops an entry that inflates past the size its directory declares', async () => {
    expect(await readXlsxParts(await xlsxBombWithLyingSizes(100))).toEqual({ kind: 'unreadable' });
  });

  it(`refuses more than ${MAX_IMPORT_ZIP_ENTRIES} entries, and reads a workbook within the caps`, async () => {
    expect(await readXlsxParts(xlsxOfManyEntries(MAX_IMPORT_ZIP_ENTRIES))).toEqual({
      kind: 'refused',
      message: IMPORT_MESSAGES.tooManyZipEntries,
    });
    const within = await readXlsxParts(xlsxOfManyEntries(MAX_IMPORT_ZIP_ENTRIES - 10));
    expect(within.kind).toBe('read');
  });
});
