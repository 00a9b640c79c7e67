// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { gateSave } from '@/features/reading-report/save/save-gate';
import { coldWaterDevice, readingForm } from '../../../support/reading-fixtures';

// Volumen last read 120 on 1 October; a register that only counts up (ADR 020) when `upOnly`.
const device = (upOnly = false) => coldWaterDevice({}, { CountsUpOnly: upOnly });
const form = (value: string) => readingForm('2026-11-01', [{ deviceItemId: 7, value }]);

describe('gateSave', () => {
  it('sends a plausible value with no point confirmed', () => {
    const gate = gateSave(form('130'), device(), undefined, null);
    expect(gate).toEqual({ kind: 'send', confirmed: new Set() });
  });

  it('warns about an implausible value and sends nothing, until the user confirms the warned points', () => {
    expect(gateSave(form('100'), device(), undefined, null)).toMatchObject({
      kind: 'warned',
      points: [{ deviceItemId: 7, name: 'Volumen' }],
    });
    expect(gateSave(form('100'), device(), undefined, new Set([7]))).toEqual({
      kind: 'send',
      confirmed: new Set([7]),
    });
  });

  it('refuses a value the register cannot take on its field, also after Send alligevel', () => {
    const refused = { kind: 'refused', fields: ['readings.0.value'] };
    expect(gateSave(form('100'), device(true), undefined, null)).toEqual(refused);
    expect(gateSave(form('100'), device(true), undefined, new Set([7]))).toEqual(refused);
  });

  it('sends without judging when the meter is not loaded', () => {
    expect(gateSave(form('100'), undefined, undefined, null)).toEqual({ kind: 'send', confirmed: new Set() });
  });
});
