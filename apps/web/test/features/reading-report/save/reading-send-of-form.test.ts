import { describe, expect, it } from 'vitest';
import { readingSendOfForm } from '@/features/reading-report/save/reading-send-of-form';
import { readingBatch } from '@/lib/device/reading-send';
import { readingForm } from '../../../support/reading-fixtures';

const NONE: ReadonlySet<number> = new Set();

describe('readingSendOfForm', () => {
  it('sends one reading per measurement point with the US date and a comma decimal', () => {
    const send = readingSendOfForm(
      readingForm(
        '2023-03-05',
        [
          { deviceItemId: 56, value: '1234.5' },
          { deviceItemId: 57, value: '98,25' },
          { deviceItemId: 58, value: '7' },
        ],
        { accountId: '7d1f2a4e-0000-4000-8000-000000000001', gatewayId: '12', deviceId: '34' },
      ),
      NONE,
    );
    expect(readingBatch(send)).toEqual([
      { gatewayId: 12, deviceId: 34, dateRecord: '03/05/2023', deviceItemId: 56, value: '1234,5' },
      { gatewayId: 12, deviceId: 34, dateRecord: '03/05/2023', deviceItemId: 57, value: '98,25' },
      { gatewayId: 12, deviceId: 34, dateRecord: '03/05/2023', deviceItemId: 58, value: '7' },
    ]);
  });

  it('keeps the value as typed apart from the separator (no rounding, no trimmed zeros)', () => {
    const send = readingSendOfForm(
      readingForm('2022-02-01', [{ deviceItemId: 3, value: '00120.500000' }]),
      NONE,
    );
    expect(readingBatch(send)[0]).toMatchObject({ dateRecord: '02/01/2022', value: '00120,500000' });
  });

  it('marks only the points sent after a plausibility warning with plausibilityOverride', () => {
    const send = readingSendOfForm(
      readingForm('2026-11-01', [
        { deviceItemId: 3, value: '10' },
        { deviceItemId: 4, value: '20,5' },
      ]),
      new Set([4]),
    );
    expect(readingBatch(send)).toEqual([
      { gatewayId: 1, deviceId: 2, dateRecord: '11/01/2026', deviceItemId: 3, value: '10' },
      {
        gatewayId: 1,
        deviceId: 2,
        dateRecord: '11/01/2026',
        deviceItemId: 4,
        value: '20,5',
        plausibilityOverride: true,
      },
    ]);
  });

  it('is sent online with no source: the server marks it `web` (ADR 017)', () => {
    const send = readingSendOfForm(readingForm('2026-11-01', [{ deviceItemId: 3, value: '10' }]), NONE, 5);
    expect(send.enteredAt).toBe(5);
    expect(readingBatch(send)[0]).not.toHaveProperty('source');
  });

  it('sends the reason chosen under Flere valg with every reading, and none when none was chosen', () => {
    const readings = [
      { deviceItemId: 3, value: '10' },
      { deviceItemId: 4, value: '20,5' },
    ];
    const chosen = readingSendOfForm({ ...readingForm('2026-11-01', readings), reason: 'control' }, NONE);
    expect(readingBatch(chosen).map((reading) => reading.reason)).toEqual(['control', 'control']);
    const plain = readingSendOfForm(readingForm('2026-11-01', readings), NONE);
    expect(readingBatch(plain).every((reading) => !('reason' in reading))).toBe(true);
  });
});
