import { IMPORT_MESSAGES } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { readWmbusmetersFile, remoteRowsOfCsv } from '../../../src/services/imports/remote/remote-file.ts';

// Reading remote values (issue 38) off a wmbusmeters file and a `Radio-id;Tidspunkt;Værdi` CSV, pure.

describe('readWmbusmetersFile', () => {
  it('reads a telegram a line, skipping empty lines, and lists bad lines by number', () => {
    const file = [
      '{"id":"12345678","total_m3":12.5,"current_status":"OK","timestamp":"2026-11-20T23:30:00Z"}',
      '',
      'not json',
      '{"id":"12345678","total_m3":1.23456789,"timestamp":"2026-11-21T04:00:00Z"}',
    ].join('\r\n');
    const { rows, errors } = readWmbusmetersFile(file);
    // 23:30 UTC is the next day in Copenhagen.
    expect(rows).toEqual([
      {
        line: 1,
        radioId: '12345678',
        at: '2026-11-20T23:30:00.000Z',
        date: '2026-11-21',
        values: [{ field: 'total_m3', unit: 'm³', value: '12.5' }],
        fault: null,
      },
    ]);
    expect(errors.map((error) => [error.line, error.column])).toEqual([
      [3, null],
      [4, 'total_m3'],
    ]);
  });
});

describe('remoteRowsOfCsv', () => {
  it('reads times with a zone in Copenhagen, without one as written, and a decimal comma', () => {
    const { rows, errors } = remoteRowsOfCsv([
      { line: 2, cells: { 'Radio-id': 'A1', Tidspunkt: '2026-11-20T23:30:00Z', Værdi: '1,5' } },
      { line: 3, cells: { 'Radio-id': 'A1', Tidspunkt: '21-11-2026 06:15', Værdi: '2' } },
      { line: 4, cells: { 'Radio-id': 'A1', Tidspunkt: '21-11-2026 25:00', Værdi: '2' } },
      { line: 5, cells: { 'Radio-id': '', Tidspunkt: '2026-11-21', Værdi: '' } },
    ]);
    expect(rows.map((row) => [row.line, row.date, row.values[0]?.value])).toEqual([
      [2, '2026-11-21', '1.5'],
      [3, '2026-11-21', '2'],
    ]);
    expect(errors).toEqual([
      { line: 4, column: 'Tidspunkt', message: IMPORT_MESSAGES.timestampInvalid },
      { line: 5, column: 'Radio-id', message: IMPORT_MESSAGES.required('Radio-id') },
      { line: 5, column: 'Værdi', message: IMPORT_MESSAGES.required('Værdi') },
    ]);
  });
});
