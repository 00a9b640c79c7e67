import { describe, expect, it } from 'vitest';
import {
  compareControl,
  lastDigitUnit,
  remoteValueOn,
} from '../../../src/services/readings/control/control-tolerance.ts';

// The control rule of issue 38 (ADR 050), pure: the remote value of a day and the tolerance.

const remote = [
  { date: '2026-11-01', value: '1000' },
  { date: '2026-11-11', value: '1100' },
  { date: '2026-11-21', value: '1150' },
];

describe('remoteValueOn', () => {
  it("takes the day's own value, else interpolates between the nearest before and after", () => {
    expect(remoteValueOn('2026-11-11', remote)).toBe(1100);
    expect(remoteValueOn('2026-11-06', remote)).toBe(1050);
    expect(remoteValueOn('2026-11-13', remote)).toBe(1110);
  });

  it('has none outside the remote values', () => {
    expect(remoteValueOn('2026-10-31', remote)).toBeNull();
    expect(remoteValueOn('2026-11-22', remote)).toBeNull();
    expect(remoteValueOn('2026-11-06', [])).toBeNull();
  });
});

describe('compareControl', () => {
  it('allows 0.5 % of the value, the boundary included', () => {
    expect(compareControl({ date: '2026-11-06', value: '1055.25' }, remote)?.deviates).toBe(false);
    expect(compareControl({ date: '2026-11-06', value: '1044.75' }, remote)?.deviates).toBe(false);
    expect(compareControl({ date: '2026-11-06', value: '1055.26' }, remote)).toMatchObject({
      remote: 1050,
      tolerance: 5.25,
      deviates: true,
    });
  });

  it('allows one unit of the last digit where that is more', () => {
    const small = [
      { date: '2026-11-15', value: '1.5' },
      { date: '2026-11-17', value: '1.7' },
    ];
    expect(lastDigitUnit('1234')).toBe(1);
    expect(lastDigitUnit('1.71')).toBeCloseTo(0.01);
    expect(compareControl({ date: '2026-11-16', value: '1.7' }, small)?.deviates).toBe(false);
    expect(compareControl({ date: '2026-11-16', value: '1.71' }, small)?.deviates).toBe(true);
    expect(compareControl({ date: '2026-11-16', value: '3' }, small)?.deviates).toBe(true);
  });

  it('takes another percentage', () => {
    expect(compareControl({ date: '2026-11-06', value: '1060' }, remote, 1)?.deviates).toBe(false);
  });
});
