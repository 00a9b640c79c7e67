import { describe, expect, it } from 'vitest';
import {
  parseWmbusmetersLine,
  unitOfTotalField,
} from '../../../src/services/imports/remote/wmbusmeters-line.ts';

// Lines as wmbusmeters' drivers write them (field names from its multical21, kamheat, apator162 and
// hca drivers); the values are made up.
const MULTICAL21 =
  '{"media":"cold water","meter":"multical21","name":"Koldt","id":"76348799","total_m3":6.408,"target_m3":6.001,"max_flow_m3h":0,"flow_temperature_c":12,"current_status":"DRY","time_dry":"22-31 days","time_reversed":"","time_leaking":"","time_bursting":"","timestamp":"2026-11-30T23:07:22Z"}';
const KAMHEAT =
  '{"media":"heat","meter":"kamheat","name":"Varme","id":"67676767","total_energy_consumption_kwh":5070,"total_volume_m3":207.49,"status":"OK","timestamp":"2026-11-30T12:00:00Z"}';

describe('parseWmbusmetersLine', () => {
  it('reads the radio id, the Copenhagen day of the timestamp and every total_ field with its unit', () => {
    expect(parseWmbusmetersLine(KAMHEAT)).toEqual({
      radioId: '67676767',
      at: '2026-11-30T12:00:00.000Z',
      date: '2026-11-30',
      totals: [
        { field: 'total_energy_consumption_kwh', unit: 'kWh', value: '5070' },
        { field: 'total_volume_m3', unit: 'm³', value: '207.49' },
      ],
      fault: null,
    });
  });

  it('dates a telegram sent late in the evening (UTC) on the next Copenhagen day, and reports a status fault', () => {
    const telegram = parseWmbusmetersLine(MULTICAL21);
    expect(telegram).toMatchObject({
      radioId: '76348799',
      date: '2026-12-01',
      totals: [{ field: 'total_m3', unit: 'm³', value: '6.408' }],
      fault: 'DRY',
    });
  });

  it('turns leak and burst durations and error flags into one fault text', () => {
    const line = JSON.stringify({
      id: '1',
      timestamp: '2026-11-30T10:00:00Z',
      total_m3: 1.5,
      current_status: 'LEAK',
      time_leaking: '1-8 hours',
      time_bursting: '',
      error_flags: 'OK',
    });
    expect(parseWmbusmetersLine(line)).toMatchObject({ fault: 'LEAK, Lækage (1-8 hours)' });
  });

  it('takes a number JavaScript writes with an exponent as no value, not a rounded one', () => {
    const line = JSON.stringify({
      id: '1',
      timestamp: '2026-11-30T10:00:00Z',
      total_m3: 1e-7,
      total_kwh: 12.5,
    });
    expect(parseWmbusmetersLine(line)).toMatchObject({ totals: [{ field: 'total_kwh', value: '12.5' }] });
  });

  it('refuses, in Danish, a line that is not a telegram it can use', () => {
    expect(parseWmbusmetersLine('not json')).toEqual({
      error: 'Linjen er ikke et JSON-objekt fra wmbusmeters',
    });
    expect(parseWmbusmetersLine('[1,2]')).toEqual({ error: 'Linjen er ikke et JSON-objekt fra wmbusmeters' });
    expect(parseWmbusmetersLine('{"timestamp":"2026-11-30T10:00:00Z","total_m3":1}')).toEqual({
      error: 'Linjen mangler feltet id (målerens radio-id)',
    });
    expect(parseWmbusmetersLine('{"id":"1","timestamp":"i går","total_m3":1}')).toEqual({
      error: 'Linjen mangler et gyldigt tidspunkt (timestamp)',
    });
    expect(parseWmbusmetersLine('{"id":"1","timestamp":"2026-11-30T10:00:00Z","total_m3":"1,5"}')).toEqual({
      error: 'Linjen har ingen total_-felter med en kendt enhed',
    });
  });
});

describe('unitOfTotalField', () => {
  it('knows the units of total_ fields and nothing else', () => {
    expect(unitOfTotalField('total_m3')).toBe('m³');
    expect(unitOfTotalField('total_energy_consumption_mwh')).toBe('MWh');
    expect(unitOfTotalField('total_energy_consumption_gj')).toBe('GJ');
    expect(unitOfTotalField('target_m3')).toBeNull();
    expect(unitOfTotalField('total_time_h')).toBeNull();
  });
});
