import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PointHistory } from '@/features/reading-history/components/point-history';
import { historyPoints } from '@/features/reading-history/history-points';
import { historyEntry } from '../../support/reading-fixtures';
import { renderUi } from '../../support/render-ui';

const ACCOUNT = '5b0f6f3c-5f43-4d8e-9a59-8f4a8f4c1a01';

const ENERGI = { DeviceItemId: 7, Name: 'Energi' };

// ADR 049: a `Kontrol` reading is no row of the history; it shows on the reading it is compared with,
// with its signed difference, and the consumption between the rows does not count it.
describe('the history row of a reading with control readings', () => {
  it('lists each control with its date, value and signed difference, and counts consumption without it', () => {
    const [point] = historyPoints(
      [
        {
          ...historyEntry(ENERGI, '2026-11-10', '470'),
          Controls: [
            {
              DateRecord: '2026-11-14',
              Value: '468,5',
              Difference: '-1,5',
              RegisteredAt: '2026-11-14T09:00:00.000Z',
              RegisteredBy: 'Tom Tekniker',
            },
          ],
        },
        historyEntry(ENERGI, '2026-10-01', '466,15'),
      ],
      [],
    );
    if (!point) throw new Error('no point');
    renderUi(<PointHistory point={point} accountId={ACCOUNT} />);
    expect(screen.getByTestId('history-controls')).toHaveTextContent(
      'Kontrol 14-11-2026: 468,5 (−1,5 i forhold til denne aflæsning) af Tom Tekniker',
    );
    expect(point.rows[0]?.consumption?.amount).toBe('3.85');
  });
});
