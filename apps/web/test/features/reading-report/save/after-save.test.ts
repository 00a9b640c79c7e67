import { describe, expect, it } from 'vitest';
import { afterSave } from '@/features/reading-report/save/after-save';
import { readingForm } from '../../../support/reading-fixtures';

const values = readingForm('2026-11-01', [{ deviceItemId: 7, value: '12,5' }], {
  accountId: 'a1',
  gatewayId: '12',
  deviceId: '34',
});

describe('afterSave', () => {
  it('saved: clears the meter and its values, keeps account and date, and says the server has them', () => {
    expect(afterSave(values, 'saved')).toEqual({
      form: { accountId: 'a1', gatewayId: '', deviceId: '', date: '2026-11-01', readings: [] },
      alert: { type: 'success', text: 'Måling er nu registreret' },
      meter: { gatewayId: 12, deviceId: 34 },
      serverChanged: true,
    });
  });

  it('kept: the same form for the next meter, the device text, and nothing new on the server', () => {
    expect(afterSave(values, 'kept')).toMatchObject({
      form: { accountId: 'a1', gatewayId: '', deviceId: '', date: '2026-11-01', readings: [] },
      alert: { type: 'info', text: 'Målingen er gemt på enheden og sendes automatisk' },
      serverChanged: false,
    });
  });
});
