import type { StatusGateway } from '@maaler/contract';
import { pdfPageTexts } from '@maaler/test-support/pdf-text';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderRouteSheet } from '../../../src/services/route-print/route-pdf.ts';
import { routeSheetRows } from '../../../src/services/route-print/route-sheet.ts';

// The printed route's lines and pages (issue 37), as pure logic over a route status.

const point = (id: number, name: string, unit: string, last: string | null) => ({
  DeviceItemId: id,
  Name: name,
  Unit: unit,
  LastValue: last,
  LastDateValue: last === null ? ('-' as const) : '2026-10-01',
  LastDateValueFormatted: last === null ? '-' : '01-10-2026',
  Expected: null,
  RegisterDigits: null,
  CountsUpOnly: false,
  Status: 'Mangler' as const,
  SkipReason: null,
  SkipNote: null,
});

const route: StatusGateway[] = [
  {
    GatewayId: 1,
    Name: 'Søparken 12, kælder',
    Access: 'Nøgle hos viceværten',
    Placement: 'Kælderen',
    DeviceList: [
      {
        DeviceId: 10,
        Name: 'Varmemåler',
        Serial: 'VM-1',
        Placement: 'Bag trappen',
        DeviceItemList: [point(100, 'Energi', 'MWh', '500,5'), point(101, 'Volumen', 'm³', null)],
      },
      { DeviceId: 11, Name: 'Koldt vand', Serial: null, DeviceItemList: [point(110, 'Volumen', 'm³', '12')] },
    ],
  },
];

describe('routeSheetRows', () => {
  it('numbers the meters in route order, one line per point, the meter’s facts on its first line only', () => {
    expect(routeSheetRows(route)).toEqual([
      {
        order: '1',
        location: 'Søparken 12, kælder',
        meter: 'Varmemåler',
        serial: 'VM-1',
        placement: 'Kælderen – Bag trappen',
        access: 'Nøgle hos viceværten',
        lastValue: 'Energi: 500,5 MWh (01-10-2026)',
      },
      {
        order: '',
        location: '',
        meter: '',
        serial: '',
        placement: '',
        access: '',
        lastValue: 'Volumen: ingen måling',
      },
      {
        order: '2',
        location: 'Søparken 12, kælder',
        meter: 'Koldt vand',
        serial: '',
        placement: 'Kælderen',
        access: 'Nøgle hos viceværten',
        lastValue: 'Volumen: 12 m³ (01-10-2026)',
      },
    ]);
  });
});

describe('renderRouteSheet', () => {
  const sheet = { title: 'Aflæsningsrute – Test', period: 'Periode', printed: 'Udskrevet' };

  it('is A4 on its side, and says so in Danish when the route is empty', async () => {
    const bytes = await renderRouteSheet({ ...sheet, rows: [] });
    const [page] = (await PDFDocument.load(bytes)).getPages();
    expect(page?.getSize()).toEqual({ width: 841.89, height: 595.28 });
    expect((await pdfPageTexts(bytes))[0]).toContain('Kontoen har ingen målere, der aflæses manuelt.');
  });

  it('wraps a long cell within its column and keeps every word', async () => {
    const access = 'Ring på hos formanden i nummer 14, hun har nøglen til kælderen og viser vej';
    const [row] = routeSheetRows(route);
    if (!row) throw new Error('the route has a first line');
    const bytes = await renderRouteSheet({ ...sheet, rows: [{ ...row, access }] });
    expect((await pdfPageTexts(bytes))[0]).toContain(access);
  });
});
