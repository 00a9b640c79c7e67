// @vitest-environment jsdom
import type { GuaranteedDeviceItem, HistoryEntry } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { historyCsv } from '@/features/reading-history/history-csv';
import { historyFileName } from '@/features/reading-history/history-file-name';
import { historyPoints } from '@/features/reading-history/history-points';
import { formatTimestamp } from '@/lib/format-timestamp';
import { historyEntry } from '../../support/reading-fixtures';

const items: GuaranteedDeviceItem[] = [
  {
    DeviceItemId: 1,
    Name: 'Forbrug dag',
    Unit: 'kWh',
    LastValue: '16470,25',
    LastDateValue: '2026-11-01',
    LastDateValueFormatted: '01-11-2026',
  },
  {
    DeviceItemId: 2,
    Name: 'Forbrug nat',
    Unit: 'kWh',
    LastValue: null,
    LastDateValue: '-',
    LastDateValueFormatted: '-',
  },
];

const entry = (DateRecord: string, Value: string, extra: Partial<HistoryEntry> = {}) =>
  historyEntry({ DeviceItemId: 1, Name: 'Forbrug dag' }, DateRecord, Value, extra);

const history = [
  entry('2026-11-01', '16470,25', {
    RegisteredBy: 'Hansen; "Kiosk" ApS',
    RegisteredAt: '2026-11-02T13:05:00.000Z',
    PlausibilityOverride: true,
    Corrections: [
      {
        OldValue: '1647,25',
        NewValue: '16470,25',
        ChangedAt: '2026-11-02T13:05:00.000Z',
        ChangedBy: 'Karen Kunde',
      },
    ],
  }),
  entry('2026-10-01', '15230', { Source: 'offline', EnteredAt: '2026-10-01T06:42:00.000Z' }),
  entry('2026-09-01', '13928,5', { RegisteredBy: '=HYPERLINK("x")', Source: 'import' }),
];

describe('historyPoints', () => {
  it('gives every point of the meter its readings, newest first, with consumption and per day', () => {
    const [day, night] = historyPoints(history, items);
    expect(day?.rows.map((row) => [row.value, row.consumption])).toEqual([
      ['16470.25', { amount: '1240.25', days: 31, perDay: 1240.25 / 31 }],
      ['15230', { amount: '1301.5', days: 30, perDay: 1301.5 / 30 }],
      ['13928.5', null],
    ]);
    expect(night).toEqual({
      deviceItemId: 2,
      name: 'Forbrug nat',
      unit: 'kWh',
      rows: [],
      earliest: undefined,
    });
  });

  it('keeps points that are only in the history', () => {
    const points = historyPoints([entry('2026-10-01', '5', { DeviceItemId: 9, Name: 'Gammel' })], items);
    expect(points.map((point) => point.name)).toEqual(['Forbrug dag', 'Forbrug nat', 'Gammel']);
  });
});

describe('historyCsv', () => {
  const csv = historyCsv(historyPoints(history, items));

  it('starts with a UTF-8 byte order mark and a header of semicolon-separated columns', () => {
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.slice(1).split('\r\n')[0]).toBe(
      'Målepunkt;Enhed;Dato;Værdi;Forbrug;Forbrug pr. dag;Registreret af;Registreret;Rettet;Bekræftet trods advarsel;Kilde;Indtastet',
    );
  });

  it('writes one CRLF line per reading with decimal commas and DD-MM-YYYY dates, quoting text with ; " or ,', () => {
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
    expect(lines[1]).toBe(
      'Forbrug dag;kWh;01-11-2026;16470,25;1240,25;40;"Hansen; ""Kiosk"" ApS";02-11-2026 14:05;' +
        '"fra 1647,25 af Karen Kunde 02-11-2026 14:05";Ja;Web;',
    );
    // An offline reading with the time it was typed on the device (06:42 UTC is 08:42 in summer time).
    expect(lines[2]).toBe(
      'Forbrug dag;kWh;01-10-2026;15230;1301,5;43,4;Torben Tekniker;01-10-2026 10:15;;;Offline;01-10-2026 08:42',
    );
  });

  it('quotes text with a line break, doubling its quotes, and keeps it one field', () => {
    const [header, first] = historyCsv(
      historyPoints([entry('2026-11-01', '1', { RegisteredBy: 'Linje 1\nLinje "2", a' })], items),
    )
      .slice(1)
      .split('\r\n');
    expect(header).toBeDefined();
    expect(first).toContain(';"Linje 1\nLinje ""2"", a";');
  });

  it('leaves the consumption of the first reading empty and makes a formula-like name plain text', () => {
    const lines = csv.slice(1).split('\r\n');
    expect(lines[3]).toBe(
      `Forbrug dag;kWh;01-09-2026;13928,5;;;"'=HYPERLINK(""x"")";01-09-2026 10:15;;;Import;`,
    );
  });

  it('marks an estimate Estimeret in Kilde (ADR 021)', () => {
    const estimated = historyCsv(
      historyPoints([entry('2026-10-31', '15500', { Source: 'estimate' }), ...history.slice(1)], items),
    );
    expect(estimated.slice(1).split('\r\n')[1]).toBe(
      'Forbrug dag;kWh;31-10-2026;15500;270;9;Torben Tekniker;31-10-2026 09:15;;;Estimeret;',
    );
  });

  it('adds Årsag and Omløb when the server reports reasons, counting consumption across the rollover (ADR 046)', () => {
    const rolledOver = historyCsv(
      historyPoints(
        [
          entry('2026-11-01', '12', { Source: 'web', Reason: 'control', Rollover: 5 }),
          entry('2026-10-01', '99990', { Source: 'web', Reason: 'periodic' }),
        ],
        items,
      ),
    ).slice(1);
    const [header, newest, older] = rolledOver.split('\r\n');
    expect(header?.endsWith(';Årsag;Omløb')).toBe(true);
    expect(newest).toBe(
      'Forbrug dag;kWh;01-11-2026;12;22;0,71;Torben Tekniker;01-11-2026 09:15;;;Web;;Kontrol;Ja',
    );
    expect(older?.endsWith(';Periodisk;')).toBe(true);
  });

  it('is only the header for a meter without readings', () => {
    expect(historyCsv(historyPoints([], items)).split('\r\n')).toHaveLength(2);
  });

  it('leaves out corrections, confirmations and sources, and the unit, when the server does not report them', () => {
    const contractOnly = history.map(
      ({ PlausibilityOverride, Corrections, Source, EnteredAt, ...rest }) => rest,
    );
    const withoutUnits = items.map(({ Unit, ...rest }) => rest);
    const lines = historyCsv(historyPoints(contractOnly, withoutUnits)).slice(1).split('\r\n');
    expect(lines[0]).toBe('Målepunkt;Enhed;Dato;Værdi;Forbrug;Forbrug pr. dag;Registreret af;Registreret');
    expect(lines[1]).toBe(
      'Forbrug dag;;01-11-2026;16470,25;1240,25;40;"Hansen; ""Kiosk"" ApS";02-11-2026 14:05',
    );
  });
});

describe('formatTimestamp and historyFileName', () => {
  it('shows an instant in Danish local time, summer and winter', () => {
    expect(formatTimestamp('2026-07-01T22:30:00.000Z')).toBe('02-07-2026 00:30');
    expect(formatTimestamp('2026-11-22T10:00:00.000Z')).toBe('22-11-2026 11:00');
  });

  it('names the file after the meter and the day', () => {
    expect(historyFileName('Elmåler fællesarealer', '2026-11-22')).toBe(
      'historik-elmåler-fællesarealer-2026-11-22.csv',
    );
    expect(historyFileName('Varmemåler (fjernaflæst)', '2026-11-22')).toBe(
      'historik-varmemåler-fjernaflæst-2026-11-22.csv',
    );
  });
});

describe('a meter change in the history (ADR 019)', () => {
  // Old meter at 13928,5 and 15230; changed on 1 Nov (final 15300, the new meter starts at 2); new meter at 32.
  const changed = [
    entry('2026-12-01', '32'),
    entry('2026-11-01', '2', {
      MeterChange: { OldSerialNumber: 'GML-1', NewSerialNumber: 'NY-1', FinalValue: '15300' },
    }),
    entry('2026-10-01', '15230'),
    entry('2026-09-01', '13928,5'),
  ];

  it('counts consumption across the change, never as the difference of two meters', () => {
    const [point] = historyPoints(changed, items);
    expect(point?.rows.map((row) => row.consumption?.amount ?? null)).toEqual(['30', '70', '1301.5', null]);
  });

  it('marks the change in a Målerskift column of the CSV', () => {
    const lines = historyCsv(historyPoints(changed, items)).split('\r\n');
    expect(lines[0]?.endsWith(';Målerskift')).toBe(true);
    expect(lines[2]?.endsWith(';"Målerskift GML-1 → NY-1; Slutaflæsning 15300"')).toBe(true);
    expect(lines[2]?.split(';')[4]).toBe('70');
    expect(lines[1]?.endsWith(';')).toBe(true);
  });
});
