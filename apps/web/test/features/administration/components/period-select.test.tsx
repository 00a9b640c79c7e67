import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PeriodSelect } from '@/features/administration/components/period-select';
import { administrationMessages as messages } from '@/features/administration/messages';
import { renderUi } from '../../../support/render-ui';

const november = { start: '2026-11-01', end: '2026-11-30', label: 'November 2026' };
const october = { start: '2026-10-01', end: '2026-10-31', label: 'Oktober 2026' };
const periods = [november, october, { start: '2026-09-01', end: '2026-09-30', label: 'September 2026' }];

describe('PeriodSelect (Periode)', () => {
  it('offers the periods of the status answer with the shown one chosen', () => {
    renderUi(<PeriodSelect status={{ period: october, periods }} onPeriodChange={vi.fn()} />);
    const select = screen.getByRole('combobox', { name: messages.period });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(
      periods.map((period) => period.label),
    );
    expect(select).toHaveDisplayValue('Oktober 2026');
  });

  it('asks for the chosen period by its first day', async () => {
    const onPeriodChange = vi.fn();
    const { user } = renderUi(
      <PeriodSelect status={{ period: november, periods }} onPeriodChange={onPeriodChange} />,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: messages.period }), 'September 2026');
    expect(onPeriodChange).toHaveBeenCalledExactlyOnceWith('2026-09-01');
  });
});
