import type { PeriodStatus } from '@maaler/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PeriodFigures } from '@/features/administration/status/period-figures';
import { renderUi } from '../../../support/render-ui';

const NOVEMBER = { start: '2026-11-01', end: '2026-11-30', label: 'november 2026' };
const COUNTS = { Read: 2, Missing: 1, Skipped: 0, Estimated: 0, Total: 3 };

const status = (extra: Partial<PeriodStatus>): PeriodStatus => ({
  readingPeriod: 'monthly',
  estimatesInARow: 2,
  period: NOVEMBER,
  periods: [NOVEMBER],
  totals: COUNTS,
  skipReasons: [],
  gateways: [],
  missing: [],
  ...extra,
});

// Issue 37 (ADR 049): the period status names the reasons of the period's readings.
describe('the period figures’ reasons', () => {
  it('counts each reason by its Danish label and lists the readings that are not Periodisk', () => {
    renderUi(
      <PeriodFigures
        status={status({
          readingReasons: [
            { Reason: 'periodic', Count: 1 },
            { Reason: 'move-out', Count: 1 },
          ],
          reasonedReadings: [
            {
              GatewayName: 'Søparken 12, kælder',
              DeviceId: 1,
              DeviceName: 'Varmemåler opgang 12',
              Serial: null,
              DeviceItemId: 2,
              Name: 'Energi',
              DateRecord: '2026-11-10',
              Reason: 'move-out',
            },
          ],
        })}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Årsager til aflæsninger' })).toBeInTheDocument();
    expect(screen.getByTestId('reading-reasons')).toHaveTextContent('Periodisk: 1Fraflytning: 1');
    expect(screen.getByTestId('reasoned-readings')).toHaveTextContent(
      'Søparken 12, kælder · Varmemåler opgang 12 · Energi: Fraflytning 10-11-2026',
    );
  });

  it('shows no reasons for a server that sends none', () => {
    renderUi(<PeriodFigures status={status({})} />);
    expect(screen.queryByRole('heading', { name: 'Årsager til aflæsninger' })).toBeNull();
  });
});
